#pragma once
// The perf release whose behaviour cperf reproduces, and cperf's own version.
#define CPERF_PERF_VERSION "7.2"
#define CPERF_VERSION "0.1"
