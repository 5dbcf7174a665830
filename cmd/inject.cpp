// cperf inject: copy a perf.data stream, adding build ids, merging deferred callchains or
// converting DWARF stacks into callchains.
#include "cli.h"
#include "commands.h"
#include "inject/inject.h"

namespace cperf {

int cmd_inject(const Args& args) {
  InjectOptions o;
  CLI::App app("perf inject [<options>]", "inject");
  app.add_option("-i,--input", o.input, "input file name");
  app.add_option("-o,--output", o.output, "output file name");
  app.add_flag("-b,--build-ids", o.build_ids, "Inject build-ids into the output stream");
  app.add_flag("--buildid-all", o.buildid_all, "Inject build-ids of all DSOs into the output stream");
  app.add_flag("--merge-callchains", o.merge_callchains,
               "Stitch deferred user callchains into their samples (cperf extension)");
  app.add_flag("--mmap2-buildid-all", o.mmap2_buildid_all,
               "Rewrite all mmap events as mmap2 events with build IDs");
  app.add_flag("-B,--mmap2-buildids", o.mmap2_buildids,
               "Drop unused mmap events, make others mmap2 with build IDs");
  app.add_flag("--convert-callchain", o.convert_callchain,
               "Generate callchains using DWARF and drop register/stack data");
  app.add_flag("--aslr", o.aslr, "Remap virtual memory addresses similar to ASLR");
  std::string unwind_style;
  app.add_option("--unwind-style", unwind_style, "unwind styles (libdw,libunwind)");
  app.add_option("--symfs", o.symfs, "Look for files with symbols relative to this directory");
  app.add_flag("-v,--verbose", o.verbose, "be more verbose (show build ids, etc)");
  app.add_flag("-f,--force", o.force, "don't complain, do it");
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  o.unwind_style = unwind_style_from(unwind_style);
  if (int err = refuse_foreign_input(o.input, o.force)) return err;
  if (o.convert_callchain && o.merge_callchains) {
    std::fputs("  Error: --convert-callchain and --merge-callchains cannot be used together\n", stderr);
    return 129;
  }
  if (o.aslr && (o.merge_callchains || o.convert_callchain || o.mmap2_buildids || o.mmap2_buildid_all)) {
    std::fputs("  Error: cperf inject: --aslr cannot be combined with --merge-callchains, "
               "--convert-callchain, -B or --mmap2-buildid-all\n", stderr);
    return 129;
  }
  return run_inject(o);
}

}  // namespace cperf
