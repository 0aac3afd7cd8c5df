<?xml version="1.0" encoding="UTF-8"?>
<!-- Siebel QueryCustomerParty answer to the canonical customer (name, contact, addresses). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:c="http://www.siebel.com/xml/CustomerParty" xmlns="urn:tunelab:order"
    exclude-result-prefixes="c">
  <xsl:output method="xml" encoding="UTF-8" indent="no"/>
  <xsl:template match="/">
    <xsl:variable name="account" select="//c:ListOfCustomerParty/c:Account[1]"/>
    <xsl:variable name="contact" select="$account/c:ListOfContact/c:Contact[1]"/>
    <Profile>
      <AccountId><xsl:value-of select="$account/c:Id"/></AccountId>
      <Name><xsl:value-of select="$account/c:Name"/></Name>
      <Segment><xsl:value-of select="$account/c:MarketSegment"/></Segment>
      <FirstName><xsl:value-of select="$contact/c:FirstName"/></FirstName>
      <LastName><xsl:value-of select="$contact/c:LastName"/></LastName>
      <Email><xsl:value-of select="$contact/c:EmailAddress"/></Email>
      <xsl:for-each select="$account/c:ListOfAddress/c:Address">
        <Address type="{c:AddressType}">
          <Street><xsl:value-of select="concat(c:StreetAddress, ' ', c:StreetAddress2)"/></Street>
          <City><xsl:value-of select="c:City"/></City>
          <State><xsl:value-of select="c:State"/></State>
          <Zip><xsl:value-of select="c:PostalCode"/></Zip>
          <Country><xsl:value-of select="c:Country"/></Country>
        </Address>
      </xsl:for-each>
    </Profile>
  </xsl:template>
</xsl:stylesheet>
