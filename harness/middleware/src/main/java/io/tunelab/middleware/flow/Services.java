package io.tunelab.middleware.flow;

import io.tunelab.middleware.db.Instances;
import io.tunelab.middleware.soap.SoapClient;
import io.tunelab.middleware.xml.Stylesheets;

/** What the stages share: the back-ends, the XSLT maps and the instance policy. */
public record Services(
    SoapClient siebel, SoapClient brm, Stylesheets stylesheets, Instances instances) {}
