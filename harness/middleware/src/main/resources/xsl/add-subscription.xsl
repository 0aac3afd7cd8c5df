<?xml version="1.0" encoding="UTF-8"?>
<!-- One order line of the canonical order to BRM AddSubscription (PCM_OP_SUBSCRIPTION_PURCHASE_PRODUCT). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:o="urn:tunelab:order" exclude-result-prefixes="o">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="lineIndex" select="1"/>
  <xsl:param name="dealPoid"/>
  <xsl:template match="/o:Order">
    <xsl:variable name="line" select="o:Lines/o:Line[number($lineIndex)]"/>
    <xsl:variable name="account" select="o:BillingAccount/o:Poid"/>
    <xsl:variable name="accountNumber" select="substring-before(substring-after($account, '/account '), ' ')"/>
    <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:brm="http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes">
      <soapenv:Header/>
      <soapenv:Body>
        <brm:AddSubscriptionRequest>
          <brm:PCM_OP_SUBSCRIPTION_PURCHASE_PRODUCT_inputFlist>
            <brm:POID><xsl:value-of select="$account"/></brm:POID>
            <brm:SERVICE_OBJ><xsl:value-of select="concat('0.0.0.1 /service/telco/gsm ', $accountNumber, ' 0')"/></brm:SERVICE_OBJ>
            <brm:PROGRAM_NAME>AIA Order to Bill</brm:PROGRAM_NAME>
            <brm:ORDER_ID><xsl:value-of select="o:Header/o:OrderId"/></brm:ORDER_ID>
            <brm:ORDER_LINE_ID><xsl:value-of select="$line/o:LineId"/></brm:ORDER_LINE_ID>
            <brm:PRODUCTS elem="0">
              <brm:PRODUCT_OBJ><xsl:value-of select="$dealPoid"/></brm:PRODUCT_OBJ>
              <brm:QUANTITY><xsl:value-of select="$line/o:Quantity"/></brm:QUANTITY>
              <brm:STATUS>1</brm:STATUS>
            </brm:PRODUCTS>
          </brm:PCM_OP_SUBSCRIPTION_PURCHASE_PRODUCT_inputFlist>
        </brm:AddSubscriptionRequest>
      </soapenv:Body>
    </soapenv:Envelope>
  </xsl:template>
</xsl:stylesheet>
