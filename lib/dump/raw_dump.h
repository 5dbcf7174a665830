// RawDumpTool: `perf report -D` — every record as a hex block plus perf's decoded line(s), in
// perf's delivery order, then the aggregated statistics.
#pragma once
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "machine/machine.h"
#include "record/sample_read.h"
#include "record/side_band.h"
#include "script/symbols.h"
#include "session/session.h"

namespace cperf {

struct RawDumpOptions {
  std::string path_label;  // printed after '@' ("perf.data" as given, or "pipe")
  bool skip_empty = true;  // the closing stats leave out record types never seen (--no-skip-empty)
  // `perf script -D`: the records script handles itself get no ": unhandled!" line, and no
  // statistics close the dump.
  bool script_view = false;
  // --dump-unsorted-raw-trace: FINISHED_ROUND then reaches perf's stub (": unhandled!").
  bool unordered = false;
  // `perf annotate -D`: its tool leaves EVENT_UPDATE records to perf's stub (": unhandled!").
  bool no_event_update = false;
  // kernel_data_name() of the --kallsyms file: when given, the kernel's dso line says
  // [kernel.kallsyms] (or the kcore beside that file), not the path a build-id table names it by.
  std::string kernel_data;
  // Where the kernel symbols of TEXT_POKE lines come from (perf names the poked address).
  std::string symfs, kallsyms;
  // report -D in branch mode (-b, or a file recorded with -b): perf's event statistics leave
  // out the samples without branches (they add no entry to its branch histogram).
  bool branch_mode = false;
};

class RawDumpTool : public SessionTool {
 public:
  RawDumpTool(std::FILE* out, RawDumpOptions opts) : out_(out), opts_(std::move(opts)) {}

  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;
  void finish(Session& s) override;
  // Script view: the end of the last record's dump line when script prints in its middle.
  void flush_pending() {
    std::fputs(pending_.c_str(), out_);
    pending_.clear();
  }

 private:
  void print_prefix(const RawRecord& rec, Session& s, const Event* ev);
  void print_sample(Event& ev, Session& s);
  // perf's text for a READ record (pid, tid, event, value and the read_format fields).
  std::string read_text(const Event& ev, Session& s, const SideBand& sb);
  void print_side_band(Event& ev, Session& s);
  void print_callchain(const U64Array& chain);
  void print_lbr_callchain(const DecodedSample& ds, bool swap);
  void print_stats(Session& s);
  // "sym+0xoff" of a kernel address, "" when unknown; loads the kernel's symbols on first use.
  std::string kernel_symbol_offset(uint64_t addr, Session& s);

  std::FILE* out_;
  RawDumpOptions opts_;
  std::string pending_;
  Machine machine_;
  bool kernel_names_set_ = false;
  std::unique_ptr<ScriptSymbols> kernel_symbols_;  // made at the first TEXT_POKE
  std::vector<uint64_t> samples_per_attr_;
  SampleReadSplitter read_splitter_;  // samples of the S modifier, delivered per counter
};

}  // namespace cperf
