<?xml version="1.0" encoding="UTF-8"?>
<!-- BRM GetInvoiceList (PCM_OP_AR_GET_BILLS) output to the CRM's invoice list. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes"
    exclude-result-prefixes="brm">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="customerId"/>
  <xsl:template match="/">
    <xsl:variable name="out" select="//brm:PCM_OP_AR_GET_BILLS_outputFlist"/>
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:bc="urn:tunelab:billing-care">
      <soapenv:Body>
        <bc:GetInvoiceListResponse>
          <bc:CustomerId><xsl:value-of select="$customerId"/></bc:CustomerId>
          <bc:BillingAccountId><xsl:value-of select="$out/brm:POID"/></bc:BillingAccountId>
          <bc:InvoiceCount><xsl:value-of select="count($out/brm:RESULTS)"/></bc:InvoiceCount>
          <bc:ListOfInvoice>
            <xsl:for-each select="$out/brm:RESULTS">
              <bc:Invoice>
                <bc:InvoiceNumber><xsl:value-of select="brm:BILL_NO"/></bc:InvoiceNumber>
                <bc:InvoiceId><xsl:value-of select="brm:INVOICE_OBJ"/></bc:InvoiceId>
                <bc:PeriodStartEpochSeconds><xsl:value-of select="brm:START_T"/></bc:PeriodStartEpochSeconds>
                <bc:PeriodEndEpochSeconds><xsl:value-of select="brm:END_T"/></bc:PeriodEndEpochSeconds>
                <bc:DueEpochSeconds><xsl:value-of select="brm:DUE_T"/></bc:DueEpochSeconds>
                <bc:CurrencyCode><xsl:value-of select="brm:CURRENCY"/></bc:CurrencyCode>
                <bc:Total><xsl:value-of select="brm:TOTAL_DUE"/></bc:Total>
                <bc:Paid><xsl:value-of select="brm:RECVD"/></bc:Paid>
                <bc:Due><xsl:value-of select="brm:DUE"/></bc:Due>
              </bc:Invoice>
            </xsl:for-each>
          </bc:ListOfInvoice>
        </bc:GetInvoiceListResponse>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
