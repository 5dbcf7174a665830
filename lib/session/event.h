// Event: one record on its way through the session, with the attr it belongs to and its time.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "io/perf_data_reader.h"
#include "record/sample.h"

namespace cperf {

struct Event {
  RawRecord raw;
  int attr_index = -1;          // -1: unknown id
  uint64_t time = ~uint64_t{0}; // ~0: the record carries no time
  SampleId sid;                 // trailer of non-sample records (valid when present)
  std::shared_ptr<std::vector<std::byte>> owned;  // backing bytes when raw does not point
                                                  // into the mapping
  // Makes raw point into memory owned by this event (for records read from a reused buffer).
  void take_ownership() {
    if (owned) return;
    owned = std::make_shared<std::vector<std::byte>>(raw.bytes.begin(), raw.bytes.end());
    raw.bytes = Bytes(owned->data(), owned->size());
  }
};

}  // namespace cperf
