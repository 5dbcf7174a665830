// UnwindMemory: what both DWARF unwinders (libdw, libunwind) read, found as perf finds it:
//  - a dso's file: --symfs + its path when that is a regular file, else the build-id cache
//    entry (dso__build_id_filename);
//  - a word of the sampled thread's memory: from the user stack copy when it lies in
//    [SP, SP + size), else from the file of the dso mapped at the address (text, rodata;
//    perf's access_dso_mem).
// Files are opened once per dso. Not thread-safe.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/byte_reader.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "symbol/symbol_options.h"

namespace cperf {

class DsoLocator;
class MappedFile;

class UnwindMemory {
 public:
  explicit UnwindMemory(const SymbolOptions& opts);
  ~UnwindMemory();
  UnwindMemory(const UnwindMemory&) = delete;
  UnwindMemory& operator=(const UnwindMemory&) = delete;

  // The sample being unwound.
  struct Sample {
    const Thread* thread = nullptr;
    const RegsDump* regs = nullptr;
    Bytes stack;        // the valid part of the stack copy, starting at SP
    bool swap = false;  // the stack words are in the other byte order
  };

  // The files perf tries for a dso, in order.
  std::vector<std::string> file_candidates(const Dso& dso) const;
  // The first of them that can be mapped, or nullptr.
  const MappedFile* file_of(const Dso& dso);
  // A word at addr. stack_end_exclusive: perf's libunwind accessor also refuses a word that
  // ends exactly at the copy's end (its libdw one does not).
  bool read_word(const Sample& s, uint64_t addr, uint64_t& value, bool stack_end_exclusive = false);
  // The two halves of read_word, for a caller that knows SP already: the word from the stack
  // copy (which starts at sp), or from the file of the dso mapped at addr.
  static bool read_stack_word(const Sample& s, uint64_t sp, uint64_t addr, uint64_t& value,
                              bool stack_end_exclusive = false);
  bool read_file_word(const Sample& s, uint64_t addr, uint64_t& value);

  const DsoLocator& locator() const { return *locator_; }

 private:
  std::unique_ptr<DsoLocator> locator_;
  std::unordered_map<const Dso*, std::unique_ptr<MappedFile>> files_;  // nullptr: unreadable
};

}  // namespace cperf
