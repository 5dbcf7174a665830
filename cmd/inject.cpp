// cperf inject: copy a perf.data stream, adding build ids, merging deferred callchains or
// converting DWARF stacks into callchains.
#include <unistd.h>

#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "cli.h"
#include "itrace_option.h"
#include "commands.h"
#include "inject/inject.h"
#include "inject/known_build_ids.h"

namespace cperf {

namespace {

// perf's message for a --guest-data value it cannot take.
constexpr const char* kGuestDataUsage =
    "--guest-data option requires guest perf.data file name, guest machine PID, and optionally guest "
    "timestamp offset, and guest timestamp scale factor, separated by commas.\n\n";

// "--guest-data" without "=VALUE": perf's message, usage and the option's own help lines.
bool bare_guest_data(const Args& args) {
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i)
    if (args[i] == "--guest-data") return true;
  return false;
}

}  // namespace

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
  // Symbol options: the modes cperf implements read no kernel image (nor do perf 7.2's on a
  // file without instruction trace), so they are checked as perf checks them and have no
  // further effect. --guestmount: inject/guestmount_check.h.
  std::string vmlinux, kallsyms, guestmount, known_build_ids, vm_time_correlation;
  bool ignore_vmlinux = false, strip = false;
  app.add_option("-k,--vmlinux", vmlinux, "vmlinux pathname");
  app.add_flag("--ignore-vmlinux", ignore_vmlinux, "don't load vmlinux even if found");
  app.add_option("--kallsyms", kallsyms, "kallsyms pathname");
  app.add_option("--guestmount", guestmount,
                 "guest mount directory under which every guest os instance has a subdir");
  app.add_option("--known-build-ids", known_build_ids, "build-ids to use for given paths");
  app.add_flag("--strip", strip, "strip non-synthesized events (use with --itrace)");
  auto* vtc = attached_value_only(app.add_option("--vm-time-correlation", vm_time_correlation,
                                                 "correlate time between VM guests and the host"));
  // --itrace: perf's pass on a recording without instruction trace (inject/itrace_order.h);
  // --guest-data: perf's checks of its value and of the guest's recording (inject/guest_data.h).
  std::string itrace, guest_data;
  auto* itrace_opt = attached_value_only(app.add_option("--itrace", itrace, "Instruction Tracing options"));
  auto* guest_opt = attached_value_only(
      app.add_option("--guest-data", guest_data, "Guest event data (file,machine_pid[,time_offset[,time_scale]])"));
  app.add_flag("-j,--jit", o.jit, "merge jitdump files into perf.data file");
  app.add_flag("-s,--sched-stat", o.sched_stat, "Merge sched-stat and sched-switch for getting events where and how long tasks slept");
  app.add_flag("-v,--verbose", o.verbose, "be more verbose (show build ids, etc)");
  app.add_flag("-f,--force", o.force, "don't complain, do it");
  if (bare_guest_data(args)) {
    std::fprintf(stderr, "%s%s        --guest-data[=<opts>]\n%26sinject events from a guest perf.data file\n",
                 kGuestDataUsage, kInjectUsage, "");
    return 129;
  }
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  if ((rc = check_itrace_option(itrace_opt->count() > 0, itrace, kInjectUsage)) >= 0) return rc;
  if ((o.has_guest_data = guest_opt->count() > 0) && !parse_guest_data(guest_data, o.guest_data)) {
    std::fprintf(stderr, "%s%s", kGuestDataUsage, kInjectUsage);
    return 129;
  }
  o.unwind_style = unwind_style_from(unwind_style);
  for (const std::string* f : {&vmlinux, &kallsyms}) {
    if (!f->empty() && ::access(f->c_str(), F_OK) != 0) {
      std::fprintf(stderr, "Invalid file: %s\n", f->c_str());
      return 255;
    }
  }
  o.itrace = itrace_opt->count() > 0;
  o.strip = strip;
  if (strip && !o.itrace) {
    std::fputs("--strip option requires --itrace option\n", stderr);
    return 255;
  }
  if (vtc->count()) {
    // Rewrites Intel PT / CoreSight timestamps in place: perf's checks, then cperf stops (it
    // decodes no instruction trace; perf 7.2 itself crashes on a file without one).
    const char* err = nullptr;
    if (o.output != "-") err = "Output file name must not be specified for in-place updating";
    else if (o.input == "-") err = "Input file name required for in-place updating";
    else if (!o.force && vm_time_correlation.find("dry-run") == std::string::npos)
      err = "The input file would be updated in place, the --force option is required.";
    if (err) {
      std::fprintf(stderr, "%s\n", err);
      return 255;
    }
    std::fputs("cperf inject: --vm-time-correlation is not supported (cperf decodes no instruction trace)\n",
               stderr);
    return 1;
  }
  o.guestmount = guestmount;
  o.known_build_ids = parse_known_build_ids(known_build_ids);
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
  // perf's --itrace takes another path with each of these; cperf has only the plain one.
  if (o.itrace && (o.build_ids || o.buildid_all || o.sched_stat || o.jit || o.mmap2_buildids ||
                   o.mmap2_buildid_all || o.aslr || o.convert_callchain || o.merge_callchains)) {
    std::fputs("  Error: cperf inject: --itrace cannot be combined with -b, --buildid-all, -s, -j, -B, "
               "--mmap2-buildid-all, --aslr, --convert-callchain or --merge-callchains\n", stderr);
    return 129;
  }
  return run_inject(o);
}

}  // namespace cperf
