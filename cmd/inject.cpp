// cperf inject: copy a perf.data stream, adding build ids or merging deferred callchains.
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
  app.add_flag("-v,--verbose", o.verbose, "be more verbose (show build ids, etc)");
  app.add_flag("-f,--force", o.force, "don't complain, do it");
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  return run_inject(o);
}

}  // namespace cperf
