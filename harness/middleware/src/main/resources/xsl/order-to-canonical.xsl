<?xml version="1.0" encoding="UTF-8"?>
<!-- Siebel sales order (as the CRM places it) to the canonical order every later stage works on. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:so="http://siebel.com/SalesOrder" xmlns="urn:tunelab:order" exclude-result-prefixes="so">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:param name="commonCustomerId" select="''"/>
  <xsl:param name="receivedAt" select="''"/>

  <xsl:template match="/so:ListOfSalesOrder/so:SalesOrder">
    <Order>
      <Header>
        <OrderId><xsl:value-of select="normalize-space(so:OrderId)"/></OrderId>
        <OrderNumber><xsl:value-of select="normalize-space(so:OrderNumber)"/></OrderNumber>
        <SizeClass><xsl:value-of select="normalize-space(so:SizeClass)"/></SizeClass>
        <EnqueuedAt><xsl:value-of select="normalize-space(so:EnqueuedAt)"/></EnqueuedAt>
        <OrderDate><xsl:value-of select="normalize-space(so:OrderDate)"/></OrderDate>
        <Currency><xsl:value-of select="normalize-space(so:Currency)"/></Currency>
        <InstanceId>-1</InstanceId>
        <Timeline><Stage name="intake" at="{$receivedAt}"/></Timeline>
      </Header>
      <Customer>
        <PartyId><xsl:value-of select="normalize-space(so:PartyId)"/></PartyId>
        <CommonId><xsl:value-of select="$commonCustomerId"/></CommonId>
      </Customer>
      <Lines>
        <xsl:for-each select="so:ListOfOrderLine/so:OrderLine">
          <Line>
            <LineId><xsl:value-of select="normalize-space(so:LineId)"/></LineId>
            <ProductId><xsl:value-of select="normalize-space(so:ProductId)"/></ProductId>
            <Action><xsl:value-of select="normalize-space(so:Action)"/></Action>
            <Quantity><xsl:value-of select="normalize-space(so:Quantity)"/></Quantity>
            <Price><xsl:value-of select="format-number(number(so:Price), '0.00')"/></Price>
            <Attributes>
              <xsl:for-each select="so:ListOfAttribute/so:Attribute">
                <Attribute name="{normalize-space(so:Name)}" value="{normalize-space(so:Value)}"/>
              </xsl:for-each>
            </Attributes>
          </Line>
        </xsl:for-each>
      </Lines>
      <Comments><xsl:value-of select="so:Comments"/></Comments>
    </Order>
  </xsl:template>

  <xsl:template match="text()"/>
</xsl:stylesheet>
