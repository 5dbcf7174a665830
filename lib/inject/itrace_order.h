// inject --itrace on a recording without instruction trace: what perf 7.2 does to the stream
// there. It decodes with ordered events, so the records it reads with a timestamp (kernel
// records, time neither 0 nor missing) wait in a queue that inject never flushes before the
// end (its FINISHED_ROUND handler only copies the record): they go out last, in time order
// (equal times in input order), after every user record and untimed record, which go out where
// they are read. Dropped: ID_INDEX, AUXTRACE_INFO, AUXTRACE, AUX, ITRACE_START,
// AUX_OUTPUT_HW_ID; with --strip also samples and context switches. No queue when the first
// event lacks sample_id_all (perf then falls back to unordered processing). perf's -b orders
// the same way (without the drops): the build-id record of a sample goes just before it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "io/perf_data_reader.h"

namespace cperf {

// perf's data offset for --itrace file output: room for synthesized attrs before the data.
uint64_t itrace_data_offset(uint64_t input_data_offset);

class ItraceOrder {
 public:
  ItraceOrder(bool strip, bool ordered) : strip_(strip), ordered_(ordered) {}
  bool drops(uint32_t type) const;
  // Queues a kernel record whose time is `time` (~0: none); false if it goes out now.
  bool queue(const RawRecord& rec, uint64_t time);
  // Whether queue() would take it.
  bool takes(const RawRecord& rec, uint64_t time) const;
  // Queues bytes of a record made for the one at `time` (before it: equal times keep their order).
  void queue(uint64_t time, std::vector<std::byte> bytes) { queued_.push_back({time, std::move(bytes)}); }
  // The queued records in output order.
  std::vector<std::vector<std::byte>> take_sorted();

 private:
  struct Queued {
    uint64_t time;
    std::vector<std::byte> bytes;
  };
  bool strip_, ordered_;
  std::vector<Queued> queued_;
};

}  // namespace cperf
