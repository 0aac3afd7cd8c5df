<?xml version="1.0" encoding="UTF-8"?>
<!-- Canonical order to BRM SyncCustomer (PCM_OP_CUST_UPDATE_CUSTOMER) for a customer BRM knows. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:o="urn:tunelab:order" exclude-result-prefixes="o">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="accountPoid"/>
  <xsl:template match="/o:Order">
    <xsl:variable name="p" select="o:Customer/o:Profile"/>
    <xsl:variable name="billing" select="($p/o:Address[@type='Billing'] | $p/o:Address)[1]"/>
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes">
      <soapenv:Header/>
      <soapenv:Body>
        <brm:SyncCustomerRequest>
          <brm:PCM_OP_CUST_UPDATE_CUSTOMER_inputFlist>
            <brm:POID><xsl:value-of select="$accountPoid"/></brm:POID>
            <brm:PROGRAM_NAME>AIA Sync Customer Party</brm:PROGRAM_NAME>
            <brm:ACCOUNT_NO><xsl:value-of select="o:Customer/o:PartyId"/></brm:ACCOUNT_NO>
            <brm:NAMEINFO elem="1">
              <brm:POID><xsl:value-of select="$accountPoid"/></brm:POID>
              <brm:FIRST_NAME><xsl:value-of select="$p/o:FirstName"/></brm:FIRST_NAME>
              <brm:LAST_NAME><xsl:value-of select="$p/o:LastName"/></brm:LAST_NAME>
              <brm:ADDRESS><xsl:value-of select="$billing/o:Street"/></brm:ADDRESS>
              <brm:CITY><xsl:value-of select="$billing/o:City"/></brm:CITY>
              <brm:STATE><xsl:value-of select="$billing/o:State"/></brm:STATE>
              <brm:ZIP><xsl:value-of select="$billing/o:Zip"/></brm:ZIP>
              <brm:COUNTRY><xsl:value-of select="$billing/o:Country"/></brm:COUNTRY>
              <brm:EMAIL_ADDR><xsl:value-of select="$p/o:Email"/></brm:EMAIL_ADDR>
            </brm:NAMEINFO>
          </brm:PCM_OP_CUST_UPDATE_CUSTOMER_inputFlist>
        </brm:SyncCustomerRequest>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
