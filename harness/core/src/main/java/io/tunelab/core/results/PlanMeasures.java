package io.tunelab.core.results;

/**
 * What only one plan measures in a repetition, beside the metrics every plan has: the batch-order
 * plan accounts for every order of a batch and says how its window was made, the concurrent-soap
 * plan counts requests per operation, the messaging plan accounts for every message and times both
 * directions, the sort-requests plan counts the answers over its deadline. A new plan adds its own
 * record here.
 */
public sealed interface PlanMeasures
    permits BatchOrderMeasures, SoapMeasures, MessagingMeasures, SortMeasures {}
