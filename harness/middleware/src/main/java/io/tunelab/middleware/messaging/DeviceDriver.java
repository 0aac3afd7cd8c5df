package io.tunelab.middleware.messaging;

import io.tunelab.middleware.soap.SoapClient;

/**
 * The device driver the messaging server drives for each message: one SOAP call to the driver mock
 * ({@code mocks/driver}), whose latency and fault rate are the {@code mocks.driver.*} knobs.
 */
final class DeviceDriver {
  static final String PATH = "/driver/DeviceService";
  static final String SOAP_ACTION = "urn:tunelab:driver/DriveDevice";

  private final SoapClient client;

  DeviceDriver(SoapClient client) {
    this.client = client;
  }

  /**
   * Drives the device a message is for.
   *
   * @throws io.tunelab.middleware.soap.BackendFault when the driver fails every attempt
   */
  void drive(long messageId, String deviceId, String command) {
    client.call("DriveDevice", PATH, SOAP_ACTION, envelope(messageId, deviceId, command));
  }

  static String envelope(long messageId, String deviceId, String command) {
    return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:drv=\"urn:tunelab:driver\"><soapenv:Header/><soapenv:Body><drv:DriveDevice>"
        + "<drv:MessageId>"
        + messageId
        + "</drv:MessageId><drv:DeviceId>"
        + escape(deviceId)
        + "</drv:DeviceId><drv:Command>"
        + escape(command)
        + "</drv:Command></drv:DriveDevice></soapenv:Body></soapenv:Envelope>";
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  long calls() {
    return client.calls();
  }

  long failures() {
    return client.failures();
  }

  void close() {
    client.close();
  }
}
