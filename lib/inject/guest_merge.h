// inject --guest-data: the merge perf 7.2 does, for the guests it can merge (kernel side-band
// records only: on samples, ID_INDEX or its own records in the guest perf 7.2 crashes).
//
// The guest recording is read first, as perf's guest session delivers it: its untimed records
// in file order, then the timed ones in time order; only MMAP, MMAP2, COMM, FORK, EXIT, LOST,
// SWITCH(_CPU_WIDE), KSYMBOL (out of line) and TEXT_POKE are kept. Each guest sample id gets a
// new host id (above the host's highest, skipping used ones), per guest event an attr with
// PERF_SAMPLE_IDENTIFIER and exclude_host, and the VCPU of the guest CPU it was read on (the
// first of the recording's CPU map: 0).
//
// The host's stream is then copied in perf's delivery order (Session, ordered when its first
// event has sample_id_all). The VCPUs are the host's threads of the given pid named
// "CPU N/KVM" (QEMU's names). At the host's FINISHED_INIT: an ID_INDEX for the new ids (cpu
// -1, the VCPU thread, the machine pid and VCPU), then the guest records at time 0. Guest
// records go out before each host side-band record (MMAP, COMM, ..., SWITCH, KSYMBOL,
// TEXT_POKE) up to its time, and after each round's flush up to the last time flushed, the
// rest at the end; each with a guest cpumode, its sample id rewritten (new id, converted time,
// host CPU of its VCPU), time = (guest time - OFFSET) / SCALE. A host switch-in of a VCPU
// thread records the CPU that VCPU now runs on.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "inject/guest_data.h"
#include "io/perf_data_reader.h"
#include "writer/perf_data_writer.h"

namespace cperf {

class GuestMerge {
 public:
  explicit GuestMerge(const GuestData& gd) : gd_(gd) {}
  // Reads the guest recording; "" or why cperf cannot merge it.
  std::string load();
  // Reads the host's VCPU threads and whether it has a FINISHED_INIT; assigns the new ids.
  std::string plan(const std::string& host_path, const std::vector<EventAttrEntry>& host_attrs);
  // perf's data offset: room for the guest's attrs too.
  uint64_t data_offset(const std::vector<EventAttrEntry>& host_attrs) const;
  // The attrs the output's header gets for the guest events (none without FINISHED_INIT).
  const std::vector<WriterAttr>& attrs() const { return attrs_; }
  std::vector<std::string> attr_names() const;
  // HEADER_BUILD_ID entries perf 7.2 adds for the guest: of its build-id table, the [vdso]
  // ones only (perf writes dsos a sample hit, or vdsos), as the guest machine's user dsos.
  std::vector<std::byte> build_id_entries() const;

  using Write = std::function<void(const void*, size_t)>;
  // At the host's FINISHED_INIT: the ID_INDEX and the guest records at time 0.
  std::string start(const Write& write);
  // The guest records up to host time `time`, rewritten.
  std::string inject_until(uint64_t time, const Write& write);
  // A host context switch record: a VCPU thread switching in runs on `cpu` (~0u: none).
  std::string context_switch(const RawRecord& rec, uint32_t cpu);

 private:
  struct Queued {
    uint64_t time;
    std::vector<std::byte> bytes;
  };
  struct IdMap {
    uint64_t host_id;
    uint32_t vcpu;
  };
  std::string rewrite(std::vector<std::byte>& rec, uint64_t& host_time);

  GuestData gd_;
  std::vector<EventAttrEntry> guest_attrs_;
  std::vector<std::byte> guest_build_ids_;  // the guest's HEADER_BUILD_ID section
  uint64_t guest_data_offset_ = 0;
  std::deque<Queued> stream_;  // in perf's guest delivery order
  std::map<uint64_t, IdMap> ids_;  // guest id -> new host id, VCPU
  std::vector<WriterAttr> attrs_;
  std::vector<uint32_t> vcpu_tid_, vcpu_cpu_;
  std::map<uint32_t, uint32_t> tid_vcpu_;
  bool has_finished_init_ = false;
  bool ready_ = false;
};

// Copies the host's records (perf's delivery order) with the guest's merged in through `write`;
// "" or perf's error lines (status 234).
std::string merge_host_stream(PerfDataReader& host, GuestMerge& gm, const GuestMerge::Write& write);

}  // namespace cperf
