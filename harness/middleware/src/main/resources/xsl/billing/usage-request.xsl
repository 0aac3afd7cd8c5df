<?xml version="1.0" encoding="UTF-8"?>
<!-- CRM billing-care GetUnbilledUsage request to BRM GetServiceUsage (PCM_OP_BILL_GET_ITEM_EVENT_CHARGE_DISCOUNT) for the account the xref lookup found. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:bc="urn:tunelab:billing-care" exclude-result-prefixes="bc">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="accountPoid"/>
  <xsl:param name="startSeconds"/>
  <xsl:param name="endSeconds"/>
  <xsl:template match="/">
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes">
      <soapenv:Header/>
      <soapenv:Body>
        <brm:GetServiceUsageRequest>
          <brm:PCM_OP_BILL_GET_ITEM_EVENT_CHARGE_DISCOUNT_inputFlist>
            <brm:POID><xsl:value-of select="$accountPoid"/></brm:POID>
            <brm:SERVICE_OBJ><xsl:value-of select="concat(substring-before($accountPoid, ' /account '), ' /service/telco/gsm ', substring-after($accountPoid, ' /account '))"/></brm:SERVICE_OBJ>
            <brm:START_T><xsl:value-of select="$startSeconds"/></brm:START_T>
            <brm:END_T><xsl:value-of select="$endSeconds"/></brm:END_T>
            <brm:STATUS>1</brm:STATUS>
          </brm:PCM_OP_BILL_GET_ITEM_EVENT_CHARGE_DISCOUNT_inputFlist>
        </brm:GetServiceUsageRequest>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
