// cperf check feature NAME[,NAME...] and `cperf version --build-options`: which of perf's build
// features cperf has, in perf's format, so that scripts (and upstream's shell tests) that ask
// `perf check feature -q dwarf` before they run get a true answer. The table states what cperf
// does, not what it links (libunwind: --unwind-style=libunwind).
#include <cstdio>
#include <cstring>
#include <string>

#include "cli.h"
#include "commands.h"

namespace cperf {

namespace {

struct Feature {
  const char* name;
  const char* macro;
  bool on;
};

const Feature kFeatures[] = {
    {"aio", "HAVE_AIO_SUPPORT", false},
    {"bpf", "HAVE_LIBBPF_SUPPORT", false},
    {"bpf_skeletons", "HAVE_BPF_SKEL", false},
    {"debuginfod", "HAVE_DEBUGINFOD_SUPPORT", false},
    {"dwarf", "HAVE_LIBDW_SUPPORT", true},
    {"dwarf_getlocations", "HAVE_LIBDW_SUPPORT", true},
    {"dwarf-unwind", "HAVE_DWARF_UNWIND_SUPPORT", true},
    {"libbfd", "HAVE_LIBBFD_SUPPORT", false},
    {"babeltrace2-ctf-writer", "HAVE_BABELTRACE2_CTF_WRITER_SUPPORT", true},
    {"libbpf-strings", "HAVE_LIBBPF_STRINGS_SUPPORT", false},
    {"libcapstone", "HAVE_LIBCAPSTONE_SUPPORT", false},
    {"libdw-dwarf-unwind", "HAVE_LIBDW_SUPPORT", true},
    {"libelf", "HAVE_LIBELF_SUPPORT", true},
    {"libLLVM", "HAVE_LIBLLVM_SUPPORT", false},
    {"libnuma", "HAVE_LIBNUMA_SUPPORT", false},
    {"libopencsd", "HAVE_CSTRACE_SUPPORT", false},
    {"libperl", "HAVE_LIBPERL_SUPPORT", false},
    {"libpfm4", "HAVE_LIBPFM", false},
    {"libpython", "HAVE_LIBPYTHON_SUPPORT", true},
    {"libslang", "HAVE_SLANG_SUPPORT", false},
    {"libtraceevent", "HAVE_LIBTRACEEVENT", true},
    {"libunwind", "HAVE_LIBUNWIND_SUPPORT", true},
    {"lzma", "HAVE_LZMA_SUPPORT", false},
    {"numa_num_possible_cpus", "HAVE_LIBNUMA_SUPPORT", false},
    {"zlib", "HAVE_ZLIB_SUPPORT", false},
    {"zstd", "HAVE_ZSTD_SUPPORT", true},
    {"rust", "HAVE_RUST_SUPPORT", false},
};

void print_feature(const Feature& f) {
  std::printf("%22s: [ %s ]  # %s\n", f.name, f.on ? "on " : "OFF", f.macro);
}

}  // namespace

void print_build_options() {
  for (const Feature& f : kFeatures) print_feature(f);
}

int cmd_check(const Args& args) {
  bool quiet = false;
  std::vector<std::string> rest;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "-q" || args[i] == "--quiet") quiet = true;
    else rest.push_back(args[i]);
  }
  if (rest.size() != 2 || rest[0] != "feature") {
    std::fputs("\n Usage: perf check [<options>] {feature}\n\n"
               "    -q, --quiet           do not show any warnings or messages\n\n", stderr);
    return 129;
  }
  // perf's answer: 0 when every named feature is built in.
  bool all_on = true;
  for (const std::string& name : split_list(rest[1])) {
    const Feature* found = nullptr;
    for (const Feature& f : kFeatures)
      if (name == f.name) found = &f;
    if (!found) {
      if (!quiet)
        std::fprintf(stderr, "Unknown feature '%s', please use 'perf version --build-options' to see "
                     "which ones are available.\n", name.c_str());
      all_on = false;
      continue;
    }
    if (!quiet) print_feature(*found);
    all_on &= found->on;
  }
  return all_on ? 0 : 1;
}

}  // namespace cperf
