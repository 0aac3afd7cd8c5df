// tunelab arrival schedule: an open-model arrival rate for a plan, as a JSR223 Timer (Groovy).
// Canonical copy: jmeter-plans/arrival-schedule.groovy. Plans hold it inline (JMeter resolves a
// script file against the working directory, not the plan's folder, and a missing file would
// silently leave the run unpaced); ArrivalScheduleSnippetTest keeps every copy identical.
//
// Reads the variables arrivalsPerMinute (0: unpaced, no wait) and arrivalNumber (n = 1, 2, ...,
// set by the plan's pre-processor when its thread claims an arrival, empty when it claimed none).
// Arrival n is due at t0 + floor((n - 1) x 60000 / arrivalsPerMinute) ms. t0 is LEAD_MILLIS after
// the run's first arrival gets here: by then the plan has checked its settings, compiled its
// scripts and connected, which takes seconds on a busy machine and would otherwise make the first
// arrivals late and send them as one burst; the lead lets the other threads get ready too.
// Sets intendedAt (epoch ms, a JTL sample variable; empty when unpaced) and returns the wait until
// then, on the clock of the JTL's timeStamp: 0 when the thread is already late (the JTL then shows
// the lateness; nothing is skipped or hidden). io.tunelab.tiers.jmeter.ArrivalRate holds the same
// arithmetic on the harness side.
import org.apache.jmeter.samplers.SampleResult
import org.apache.jmeter.threads.JMeterContextService

final long LEAD_MILLIS = 2000L
String number = vars.get('arrivalNumber')
long rate = number ? Long.parseLong(vars.get('arrivalsPerMinute').trim()) : 0L
if (rate <= 0) {
  vars.put('intendedAt', '')
  return 0L
}
long now = new SampleResult().currentTimeInMillis()
// One t0 for every thread of this run (props outlive a GUI run, hence the test's start in the key).
String key = 'tunelab.arrivalSchedule.' + JMeterContextService.getTestStartTime()
Long first = (Long) props.putIfAbsent(key, now + LEAD_MILLIS)
long t0 = first != null ? first : now + LEAD_MILLIS
long intendedAt = t0 + Math.floorDiv((Long.parseLong(number) - 1) * 60000L, rate)
vars.put('intendedAt', String.valueOf(intendedAt))
return Math.max(0L, intendedAt - now)
