<?xml version="1.0" encoding="UTF-8"?>
<!-- BRM GetServiceUsage (PCM_OP_BILL_GET_ITEM_EVENT_CHARGE_DISCOUNT) output to the CRM's unbilled usage. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes"
    exclude-result-prefixes="brm">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="customerId"/>
  <xsl:template match="/">
    <xsl:variable name="out" select="//brm:PCM_OP_BILL_GET_ITEM_EVENT_CHARGE_DISCOUNT_outputFlist"/>
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:bc="urn:tunelab:billing-care">
      <soapenv:Body>
        <bc:GetUnbilledUsageResponse>
          <bc:CustomerId><xsl:value-of select="$customerId"/></bc:CustomerId>
          <bc:BillingAccountId><xsl:value-of select="$out/brm:POID"/></bc:BillingAccountId>
          <bc:ServiceId><xsl:value-of select="$out/brm:SERVICE_OBJ"/></bc:ServiceId>
          <bc:UnbilledTotal><xsl:value-of select="$out/brm:UNBILLED_TOTAL"/></bc:UnbilledTotal>
          <bc:CurrencyCode><xsl:value-of select="$out/brm:CURRENCY"/></bc:CurrencyCode>
          <bc:UsageCount><xsl:value-of select="count($out/brm:RESULTS)"/></bc:UsageCount>
          <bc:ListOfUsage>
            <xsl:for-each select="$out/brm:RESULTS">
              <bc:Usage>
                <bc:EventId><xsl:value-of select="brm:POID"/></bc:EventId>
                <bc:Description><xsl:value-of select="brm:SYS_DESCR"/></bc:Description>
                <bc:Destination><xsl:value-of select="brm:CALLED_TO"/></bc:Destination>
                <bc:StartEpochSeconds><xsl:value-of select="brm:START_T"/></bc:StartEpochSeconds>
                <bc:Quantity unit="{brm:RUM_NAME}"><xsl:value-of select="brm:NET_QUANTITY"/></bc:Quantity>
                <bc:Amount><xsl:value-of select="brm:AMOUNT"/></bc:Amount>
              </bc:Usage>
            </xsl:for-each>
          </bc:ListOfUsage>
        </bc:GetUnbilledUsageResponse>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
