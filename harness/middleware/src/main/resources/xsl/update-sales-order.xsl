<?xml version="1.0" encoding="UTF-8"?>
<!-- Canonical order, now billed, to Siebel UpdateSalesOrder: status and BRM ids per line. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:o="urn:tunelab:order" exclude-result-prefixes="o">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:template match="/o:Order">
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:ord="http://siebel.com/SalesOrder">
      <soapenv:Header>
        <UsernameToken xmlns="http://siebel.com/webservices">AIAINTEGRATION</UsernameToken>
        <PasswordText xmlns="http://siebel.com/webservices">********</PasswordText>
        <SessionType xmlns="http://siebel.com/webservices">Stateless</SessionType>
      </soapenv:Header>
      <soapenv:Body>
        <ord:UpdateSalesOrder_Input>
          <ord:ListOfSalesOrder>
            <ord:Order>
              <ord:OrderId><xsl:value-of select="o:Header/o:OrderId"/></ord:OrderId>
              <ord:OrderNumber><xsl:value-of select="o:Header/o:OrderNumber"/></ord:OrderNumber>
              <ord:Status>Complete</ord:Status>
              <ord:BillingAccountId><xsl:value-of select="o:BillingAccount/o:Poid"/></ord:BillingAccountId>
              <ord:ListOfLineItem>
                <xsl:for-each select="o:Lines/o:Line">
                  <ord:LineItem>
                    <ord:LineId><xsl:value-of select="o:LineId"/></ord:LineId>
                    <ord:Status>Complete</ord:Status>
                    <ord:BillingSubscriptionId><xsl:value-of select="o:PurchasedPoid"/></ord:BillingSubscriptionId>
                  </ord:LineItem>
                </xsl:for-each>
              </ord:ListOfLineItem>
            </ord:Order>
          </ord:ListOfSalesOrder>
        </ord:UpdateSalesOrder_Input>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
