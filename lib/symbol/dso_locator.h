// DsoLocator: finds the files that hold a user-space dso's symbols, in perf's order
// (util/symbol.c dso__load with binary_type_symtab[], util/dso.c
// dso__read_binary_type_filename). For a dso recorded as PATH, with S = --symfs (or "") and
// B = the build-id cache root, the candidates are:
//   1. the .gnu_debuglink target of S/PATH (tried as given, in PATH's directory, in its
//      .debug/ subdirectory, and under /usr/lib/debug/<dir>/)
//   2. B/.build-id/xx/yyyy... (the link itself if it is a file, else its "elf")
//   3. B/.build-id/xx/yyyy.../debug
//   4. S/usr/lib/debug/PATH.debug            5. S/usr/lib/debug/PATH
//   6. S/usr/lib/debug/.build-id/xx/yyyy.debug
//   7. S/PATH                                 8. S/<dir of PATH>/.debug/<name>
//   9. S/usr/lib/debug/lib/... for PATH under /usr/lib/
// Only regular files that open as ELF count, and when a build id is known (recorded, or read
// from S/PATH when PATH itself exists, as perf does) a file whose build id differs or is
// missing is skipped. The first candidate with .symtab supplies symbols; the first with
// .dynsym (or .opd) is the runtime image; the search stops once both are found. perf does not
// try S + basename(PATH).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "symbol/build_id.h"
#include "symbol/elf_file.h"
#include "symbol/symbol_options.h"

namespace cperf {

struct LocatedDso {
  std::shared_ptr<const ElfFile> syms;     // nullptr when nothing usable was found
  std::shared_ptr<const ElfFile> runtime;  // may be the same object as syms
  std::optional<BuildId> build_id;         // the one used for matching, if any
  // perf's letter for where the symbols came from (dso__symtab_origin): 'l' debuglink, 'B'/'D'
  // build-id cache, 'f'/'u'/'b'/'x' /usr/lib/debug forms, 'd' the path, 'o' its .debug/; '!' none.
  char origin = '!';
};

class DsoLocator {
 public:
  explicit DsoLocator(const SymbolOptions& opts);

  // Candidate file names in search order, without checking that they exist (except that
  // the debuglink candidates need S/PATH to read the link from).
  std::vector<std::string> candidates(std::string_view dso_path,
                                      const std::optional<BuildId>& build_id) const;

  // Opens the files perf would use. Never throws.
  LocatedDso locate(std::string_view dso_path, std::optional<BuildId> build_id) const;

  // "<symfs>/<path>" with perf's joining rule (no symfs: the path unchanged).
  std::string join_symfs(std::string_view path) const;
  const std::string& buildid_dir() const { return buildid_dir_; }

 private:
  struct Candidate {
    std::string path;
    char origin;
  };
  std::vector<Candidate> typed_candidates(std::string_view dso_path,
                                          const std::optional<BuildId>& build_id) const;
  std::vector<std::string> debuglink_candidates(std::string_view dso_path) const;
  std::string build_id_cache_path(std::string_view dso_path, const BuildId& id, bool debug) const;

  std::string symfs_;
  std::string buildid_dir_;
  bool try_path_layout_ = false;
};

}  // namespace cperf
