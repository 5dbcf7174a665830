// cperf buildid-list: the build ids a perf.data file names (perf's builtin-buildid-list):
// "<build id> <dso>" per line, sorted by dso; -H only the DSOs samples hit; -k the running
// kernel's build id; an ELF file as input prints its own build id.
#include <cstdio>

#include "cli.h"
#include "commands.h"
#include "inject/build_ids.h"
#include "io/perf_data_reader.h"
#include "symbol/build_id.h"
#include "symbol/elf_file.h"
#include "symbol/local_build_id.h"

namespace cperf {

int cmd_buildid_list(const Args& args) {
  std::string input;
  bool with_hits = false, kernel = false, force = false;
  int verbose = 0;
  CLI::App app("perf buildid-list [<options>]", "buildid-list");
  app.add_option("-i,--input", input, "input file name");
  app.add_flag("-H,--with-hits", with_hits, "Show only DSOs with hits");
  app.add_flag("-k,--kernel", kernel, "Show current kernel build id");
  app.add_flag("-f,--force", force, "don't complain, do it");
  app.add_flag("-v,--verbose", verbose, "be more verbose");
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  if (kernel) {
    std::vector<uint8_t> id = notes_build_id("/sys/kernel/notes");
    if (id.empty()) {
      std::fprintf(stderr, "failed to read the kernel build id\n");
      return 1;
    }
    std::printf("%s\n", BuildId(id).to_hex().c_str());
    return 0;
  }
  if (input.empty()) input = default_input();
  if (input != "-")
    if (std::unique_ptr<ElfFile> elf = ElfFile::open(input)) {  // perf prints an ELF's own id
      std::optional<BuildId> id = elf->build_id();
      if (id) std::printf("%s\n", id->to_hex().c_str());
      return id ? 0 : 1;
    }
  if (int err = refuse_foreign_input(input, force)) return err;
  PerfDataReader reader(input);
  for (const auto& [hex, name] : file_build_ids(reader, with_hits))
    std::printf("%-40s %s\n", hex.c_str(), name.c_str());
  return 0;
}

}  // namespace cperf
