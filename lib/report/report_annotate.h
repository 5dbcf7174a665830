// The report browser's annotations: each sample counted at its address in its symbol (as
// perf report does for its annotate browser: self samples only), and, when the browser asks,
// the symbol disassembled by objdump as perf runs it and prepared as perf's annotate
// browser shows it (tui/annotate_browser.h).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "annotate/objdump_run.h"
#include "hist/hists.h"
#include "tui/annotate_browser.h"

namespace cperf {

class ScriptSymbols;
class DsoSymbols;
struct Dso;

class ReportAnnotations {
 public:
  ReportAnnotations(std::string symfs, ScriptSymbols& symbols) : symfs_(std::move(symfs)), symbols_(symbols) {}
  // The recording's cpuid header ("AuthenticAMD,25,1,1"): its x86 family and model.
  void set_cpuid(const std::string& cpuid);
  // A sample of the event at attr_index (its own location), on the reading thread.
  void add(int attr_index, const HistSample& hs);
  // The browsers' source for one event's histogram; `title` is its annotate title
  // (hists_title), `freq_title` unused by perf's report browser; `samples` and `period`: the
  // event's totals (the global percentages).
  std::unique_ptr<AnnotateSource> source(int attr_index, std::string title, uint64_t samples, uint64_t period);

  struct Samples {
    const Dso* dso = nullptr;
    const DsoSymbols* syms = nullptr;
    uint64_t start = 0, end = 0;  // the symbol's, in the dso's addresses
    uint64_t objdump_start = 0, objdump_end = 0;
    uint64_t map_start = 0, map_end = 0, map_pgoff = 0;
    std::string sym;
    SymbolHist hist;
  };
  struct Key {
    int attr;
    std::string dso, sym;
    bool operator<(const Key& o) const { return std::tie(attr, dso, sym) < std::tie(o.attr, o.dso, o.sym); }
  };
  const Samples* find(const Key& k) const {
    auto it = samples_.find(k);
    return it == samples_.end() ? nullptr : &it->second;
  }
  // A sampled symbol of dso `dso` (its short name) for the event at attr, or nullptr.
  const Samples* any_of(int attr, const std::string& dso) const {
    auto it = samples_.lower_bound(Key{attr, dso, ""});
    return it != samples_.end() && it->first.attr == attr && it->first.dso == dso ? &it->second : nullptr;
  }
  // Disassembles `s`; an error text (perf's, after "Couldn't annotate SYM:\n") when it cannot.
  AnnotateSource::Result build(const Samples& s, const std::string& title) const;

 private:
  std::string symfs_;
  X86Cpu cpu_;
  ScriptSymbols& symbols_;
  std::map<Key, Samples> samples_;
};

}  // namespace cperf
