<?xml version="1.0" encoding="UTF-8"?>
<!-- CRM billing-care GetBalanceSummary request to BRM GetBalanceSummary (PCM_OP_AR_GET_BAL_SUMMARY) for the account the xref lookup found. -->
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
        <brm:GetBalanceSummaryRequest>
          <brm:PCM_OP_AR_GET_BAL_SUMMARY_inputFlist>
            <brm:POID><xsl:value-of select="$accountPoid"/></brm:POID>
            <brm:BILLINFO_OBJ><xsl:value-of select="concat(substring-before($accountPoid, ' /account '), ' /billinfo ', substring-after($accountPoid, ' /account '))"/></brm:BILLINFO_OBJ>
            <brm:INCLUDE_CHILDREN>0</brm:INCLUDE_CHILDREN>
          </brm:PCM_OP_AR_GET_BAL_SUMMARY_inputFlist>
        </brm:GetBalanceSummaryRequest>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
