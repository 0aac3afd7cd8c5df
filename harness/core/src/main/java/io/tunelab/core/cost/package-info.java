/**
 * What a measured window cost: the harness's own CPU ({@link io.tunelab.core.cost.HarnessCost}),
 * the system under test's CPU, WAL and statements per completed unit ({@link
 * io.tunelab.core.cost.WorkCost}) and how much of the machine went to processes outside the stack
 * ({@link io.tunelab.core.cost.MachineNoise}), all integrated from CPU samples by {@link
 * io.tunelab.core.cost.CpuWindow}. Pure: the tiers' observer fills them in, the findings rules read
 * them.
 */
package io.tunelab.core.cost;
