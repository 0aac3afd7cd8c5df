<?xml version="1.0" encoding="UTF-8"?>
<!-- CRM billing-care GetInvoiceList request to BRM GetInvoiceList (PCM_OP_AR_GET_BILLS) for the account the xref lookup found. -->
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
        <brm:GetInvoiceListRequest>
          <brm:PCM_OP_AR_GET_BILLS_inputFlist>
            <brm:POID><xsl:value-of select="$accountPoid"/></brm:POID>
            <brm:START_T><xsl:value-of select="$startSeconds"/></brm:START_T>
            <brm:END_T><xsl:value-of select="$endSeconds"/></brm:END_T>
            <brm:INCLUDE_CHILDREN>0</brm:INCLUDE_CHILDREN>
            <brm:STATUS>0</brm:STATUS>
          </brm:PCM_OP_AR_GET_BILLS_inputFlist>
        </brm:GetInvoiceListRequest>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
