// The data type perf 7.2's report -s type/typeoff/typecln gives a sample, as far as cperf
// makes it: "(unknown)" where perf finds no type without looking at DWARF variables (no
// symbol, a dso without debug info, an instruction without a memory access), "(stack
// operation)" for push/pop/call/ret in a dso with debug info. A memory access in a dso with
// debug info needs perf's variable and register-state lookup, which cperf does not make:
// the first such sample is remembered (refusal()) and the report refused.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "annotate/data_type_insn.h"
#include "symbol/dso_locator.h"

namespace cperf {

struct Map;
struct Dso;
struct Symbol;
class ScriptSymbols;

class SampleDataTypes {
 public:
  SampleDataTypes(std::string symfs, ScriptSymbols& symbols);
  // The recording's cpuid header ("GenuineIntel,6,85,7"): perf's macro fusion depends on it.
  void set_cpuid(const std::string& cpuid);
  // The type name of a sample at addr (map_ip space) in map's symbol sym (either may be null).
  const std::string& type_of(const Map* map, const Symbol* sym, uint64_t addr);
  // Why the report cannot be made (the first sample cperf could not type); empty: none.
  const std::string& refusal() const { return refusal_; }

 private:
  bool has_debuginfo(const Dso& dso);
  // A symbol's instructions in address order and their offsets from its start.
  struct Disasm {
    std::vector<int64_t> offsets;
    std::vector<DisasmInsn> insns;
  };
  const Disasm& disasm_of(const Map& map, const Symbol& sym);

  std::string symfs_;
  ScriptSymbols& symbols_;
  DsoLocator locator_;
  X86Cpu cpu_;
  std::unordered_map<const Dso*, bool> debuginfo_;
  std::map<std::pair<const Dso*, uint64_t>, Disasm> disasm_;  // by dso and symbol start
  std::string refusal_;
};

}  // namespace cperf
