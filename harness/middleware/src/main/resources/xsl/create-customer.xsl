<?xml version="1.0" encoding="UTF-8"?>
<!-- Canonical order to BRM CreateCustomer (PCM_OP_CUST_COMMIT_CUSTOMER) for a customer new to BRM. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:o="urn:tunelab:order" exclude-result-prefixes="o">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:template match="/o:Order">
    <xsl:variable name="p" select="o:Customer/o:Profile"/>
    <xsl:variable name="billing" select="($p/o:Address[@type='Billing'] | $p/o:Address)[1]"/>
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes">
      <soapenv:Header/>
      <soapenv:Body>
        <brm:CreateCustomerRequest>
          <brm:PCM_OP_CUST_COMMIT_CUSTOMER_inputFlist>
            <brm:POID>0.0.0.1 /plan -1 0</brm:POID>
            <brm:PROGRAM_NAME>AIA Order to Bill</brm:PROGRAM_NAME>
            <brm:ACCTINFO elem="0">
              <brm:POID>0.0.0.1 /account -1 0</brm:POID>
              <brm:ACCOUNT_NO><xsl:value-of select="o:Customer/o:PartyId"/></brm:ACCOUNT_NO>
              <brm:BUSINESS_TYPE>1</brm:BUSINESS_TYPE>
              <brm:CURRENCY><xsl:value-of select="o:Header/o:Currency"/></brm:CURRENCY>
              <brm:AAC_SOURCE>Siebel CRM</brm:AAC_SOURCE>
            </brm:ACCTINFO>
            <brm:NAMEINFO elem="1">
              <brm:FIRST_NAME><xsl:value-of select="$p/o:FirstName"/></brm:FIRST_NAME>
              <brm:LAST_NAME><xsl:value-of select="$p/o:LastName"/></brm:LAST_NAME>
              <brm:COMPANY><xsl:value-of select="$p/o:Name"/></brm:COMPANY>
              <brm:ADDRESS><xsl:value-of select="$billing/o:Street"/></brm:ADDRESS>
              <brm:CITY><xsl:value-of select="$billing/o:City"/></brm:CITY>
              <brm:STATE><xsl:value-of select="$billing/o:State"/></brm:STATE>
              <brm:ZIP><xsl:value-of select="$billing/o:Zip"/></brm:ZIP>
              <brm:COUNTRY><xsl:value-of select="$billing/o:Country"/></brm:COUNTRY>
              <brm:EMAIL_ADDR><xsl:value-of select="$p/o:Email"/></brm:EMAIL_ADDR>
            </brm:NAMEINFO>
            <brm:BILLINFO elem="0">
              <brm:POID>0.0.0.1 /billinfo -1 0</brm:POID>
              <brm:BILLINFO_ID>Bill Unit(1)</brm:BILLINFO_ID>
              <brm:PAY_TYPE>10005</brm:PAY_TYPE>
            </brm:BILLINFO>
            <brm:SERVICES elem="0">
              <brm:SERVICE_OBJ>0.0.0.1 /service/telco/gsm -1 0</brm:SERVICE_OBJ>
              <brm:LOGIN><xsl:value-of select="concat(o:Customer/o:PartyId, '-gsm')"/></brm:LOGIN>
            </brm:SERVICES>
          </brm:PCM_OP_CUST_COMMIT_CUSTOMER_inputFlist>
        </brm:CreateCustomerRequest>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
