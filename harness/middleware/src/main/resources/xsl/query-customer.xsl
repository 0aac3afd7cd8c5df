<?xml version="1.0" encoding="UTF-8"?>
<!-- Canonical order to Siebel QueryCustomerParty: the customer is not in the order. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:o="urn:tunelab:order" exclude-result-prefixes="o">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:template match="/o:Order">
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:cus="http://siebel.com/CustomerParty">
      <soapenv:Header>
        <UsernameToken xmlns="http://siebel.com/webservices">AIAINTEGRATION</UsernameToken>
        <PasswordText xmlns="http://siebel.com/webservices">********</PasswordText>
        <SessionType xmlns="http://siebel.com/webservices">Stateless</SessionType>
      </soapenv:Header>
      <soapenv:Body>
        <cus:QueryCustomerParty_Input>
          <cus:PartyId><xsl:value-of select="o:Customer/o:PartyId"/></cus:PartyId>
          <cus:ViewMode>All</cus:ViewMode>
        </cus:QueryCustomerParty_Input>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
