<?xml version="1.0" encoding="UTF-8"?>
<!-- BRM GetBalanceSummary (PCM_OP_AR_GET_BAL_SUMMARY) output to the CRM's balance summary. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes"
    exclude-result-prefixes="brm">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="customerId"/>
  <xsl:template match="/">
    <xsl:variable name="out" select="//brm:PCM_OP_AR_GET_BAL_SUMMARY_outputFlist"/>
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:bc="urn:tunelab:billing-care">
      <soapenv:Body>
        <bc:GetBalanceSummaryResponse>
          <bc:CustomerId><xsl:value-of select="$customerId"/></bc:CustomerId>
          <bc:BillingAccountId><xsl:value-of select="$out/brm:POID"/></bc:BillingAccountId>
          <bc:CurrencyCode><xsl:value-of select="$out/brm:CURRENCY"/></bc:CurrencyCode>
          <bc:TotalDue><xsl:value-of select="$out/brm:TOTAL_DUE"/></bc:TotalDue>
          <bc:OpenBillDue><xsl:value-of select="$out/brm:OPENBILL_DUE"/></bc:OpenBillDue>
          <bc:PendingBillDue><xsl:value-of select="$out/brm:PENDINGBILL_DUE"/></bc:PendingBillDue>
          <bc:UnappliedAmount><xsl:value-of select="$out/brm:UNAPPLIED_AMOUNT"/></bc:UnappliedAmount>
          <bc:CreditLimit><xsl:value-of select="$out/brm:CREDIT_LIMIT"/></bc:CreditLimit>
          <bc:LastBillEpochSeconds><xsl:value-of select="$out/brm:LAST_BILL_T"/></bc:LastBillEpochSeconds>
          <bc:NextBillEpochSeconds><xsl:value-of select="$out/brm:NEXT_BILL_T"/></bc:NextBillEpochSeconds>
          <bc:ListOfBalance>
            <xsl:for-each select="$out/brm:BALANCES">
              <bc:Balance resourceId="{@elem}">
                <bc:Name><xsl:value-of select="brm:NAME"/></bc:Name>
                <bc:Current><xsl:value-of select="brm:CURRENT_BAL"/></bc:Current>
                <bc:CreditFloor><xsl:value-of select="brm:CREDIT_FLOOR"/></bc:CreditFloor>
                <bc:CreditLimit><xsl:value-of select="brm:CREDIT_LIMIT"/></bc:CreditLimit>
                <bc:ValidToEpochSeconds><xsl:value-of select="brm:VALID_TO"/></bc:ValidToEpochSeconds>
                <bc:BalanceGroupId><xsl:value-of select="brm:BAL_GRP_OBJ"/></bc:BalanceGroupId>
              </bc:Balance>
            </xsl:for-each>
          </bc:ListOfBalance>
        </bc:GetBalanceSummaryResponse>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
