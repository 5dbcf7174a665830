// Session: drives a PerfDataReader through the ordered queue to a SessionTool.
//
// Records of perf's own types (64+) go to the tool as they are read, in stream order; kernel
// records go through the OrderedQueue (when options.ordered) and reach the tool in time order.
// Records without a timestamp, or with an unknown sample id, are delivered at once.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "io/perf_data_reader.h"
#include "session/event.h"
#include "session/ordered_queue.h"

namespace cperf {

struct SessionOptions {
  bool ordered = true;
};

struct SessionStats {
  std::array<uint64_t, 256> by_type{};  // records read, per type (index 0 = total)
  uint64_t unknown_id = 0;              // records whose sample id matched no attr
  uint64_t unordered = 0;               // records older than the last flush
};

class Session;

class SessionTool {
 public:
  virtual ~SessionTool() = default;
  virtual void user_record(const RawRecord&, Session&) {}
  virtual void record(Event&, Session&) {}
  // Called after a FINISHED_ROUND's flush (ordered sessions; user_record saw the round first).
  virtual void round_flushed(Session&) {}
  // Called after the final flush.
  virtual void finish(Session&) {}
};

class Session {
 public:
  Session(PerfDataReader& reader, SessionOptions opts, SessionTool& tool);
  void run();

  PerfDataReader& reader() { return reader_; }
  const std::vector<EventAttrEntry>& attrs() const { return reader_.attrs(); }
  const SessionStats& stats() const { return stats_; }
  bool swapped() const { return reader_.swapped(); }

  // The attr a record belongs to (perf's rules), or -1 for an unknown id.
  int attr_for(const RawRecord& rec) const;
  // The record's timestamp, or ~0 if it has none.
  uint64_t time_of(const RawRecord& rec, int attr_index) const;

 private:
  void handle(const RawRecord& rec);

  PerfDataReader& reader_;
  SessionOptions opts_;
  SessionTool& tool_;
  OrderedQueue queue_;
  SessionStats stats_;
};

}  // namespace cperf
