// Writing perf's build-id cache, as `perf record` does at the end for every DSO with samples,
// so that later reports find the very binaries that ran even after they change on disk
// (DsoLocator reads the same layout):
//   DIR/<real path>/<build id>/elf              a copy of the DSO
//   DIR/[kernel.kallsyms]/<build id>/kallsyms   a copy of the running kernel's /proc/kallsyms
//   DIR/.build-id/<2 hex>/<38 hex> -> ../../<real path>/<build id>   (relative link)
// DIR is the build-id directory (resolve_buildid_dir: --buildid-dir, $PERF_BUILDID_DIR,
// ~/.debug). An entry already there is kept.
#pragma once
#include <string>
#include <vector>

#include "symbol/build_id.h"

namespace cperf {

// Adds one DSO (`name` as the MMAP records name it; "[kernel.kallsyms]" for the kernel).
// `source` is the file to copy: the DSO itself, or /proc/kallsyms for the kernel. False (with
// `err` set) when something could not be written; DSOs without a file ([vdso], anonymous
// maps) are skipped and return true.
bool add_to_buildid_cache(const std::string& dir, const std::string& name, const BuildId& id,
                          const std::string& source, std::string& err);

}  // namespace cperf

namespace cperf {

// The cache operations of `perf buildid-cache`, on the cache rooted at `dir` (perf 7.2's
// layout, see above). Messages perf prints only with -v go to `debug`.
class BuildIdCache {
 public:
  using Debug = void (*)(void* ctx, const std::string& line);

  BuildIdCache(std::string dir, Debug debug, void* ctx)
      : dir_(std::move(dir)), debug_(debug), ctx_(ctx) {}

  const std::string& dir() const { return dir_; }
  // DIR/.build-id/xx/<rest of hex>
  std::string link_path(const std::string& hex) const;

  // Adds the file `path` with build id `hex` as perf does: DIR/<real path>/<hex>/elf (a copy,
  // mode kept), .../debug (the distribution's /usr/lib/debug/.build-id file, when there is
  // one), the .build-id link and an empty .../probes (perf's SDT probe cache; SDT notes are
  // not read). A link already there to another copy is left, with perf's debug message, and
  // the add succeeds. Returns 0 or an errno value.
  int add(const std::string& path, const std::string& hex) const;
  // Removes the link of `hex` and the directory it names. 0 or an errno value (ENOENT: not
  // in the cache).
  int remove(const std::string& hex) const;
  bool cached(const std::string& hex) const;
  // Every build id with a link, sorted (perf's list); with `valid_only` only those whose
  // original file still has that build id. Sets `err` (an errno value) when DIR/.build-id
  // cannot be read.
  std::vector<std::string> all_ids(bool valid_only, int& err) const;
  // The path a link names, as perf derives it from the link ("/work/x/qs"); "" if none.
  std::string origname(const std::string& hex) const;
  // The build ids kept for `path` (DIR/<real path>/*); sets `err` when there are none to
  // read.
  std::vector<std::string> ids_of_path(const std::string& path, int& err) const;
  // The cached file perf reads to check an entry of a recording's build-id table: the
  // link's kallsyms, vdso or elf.
  std::string cached_file(const std::string& hex, const std::string& dso_name) const;

 private:
  void say(const std::string& line) const { if (debug_) debug_(ctx_, line); }

  std::string dir_;
  Debug debug_;
  void* ctx_;
};

}  // namespace cperf
