// cperf evlist: the events of a perf.data file, with -v their attrs.
#include <cstdio>

#include "cli.h"
#include "commands.h"
#include "format/attr_print.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "io/perf_data_reader.h"

namespace cperf {

int cmd_evlist(const Args& args) {
  std::string input;
  int verbose = 0;
  bool group = false, freq = false, force = false, trace_fields = false;
  CLI::App app("perf evlist [<options>]", "evlist");
  app.add_option("-i,--input", input, "Input file name");
  app.add_flag("-F,--freq", freq, "Show the sample frequency");
  app.add_flag("-v,--verbose", verbose, "Show all event attr details");
  app.add_flag("-g,--group", group, "Show event group information");
  app.add_flag("-f,--force", force, "don't complain, do it");
  app.add_flag("--trace-fields", trace_fields, "Show tracepoint fields");
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  if (group && (verbose || freq)) {
    std::fputs("  Error: --group option is not compatible with other options\n\n\n"
               " Usage: perf evlist [<options>]\n\n", stderr);
    return 129;
  }
  if (input.empty()) input = default_input();
  if (int err = refuse_foreign_input(input, force)) return err;
  PerfDataReader reader(input);
  // Pipe input: attrs arrive as records; read them all first.
  if (reader.is_pipe())
    while (reader.next()) {
    }
  name_events(reader);
  // Groups (HEADER_GROUP_DESC): -g prints each as "{leader,member,...}" on one line.
  std::vector<GroupDesc> groups;
  // perf sets groups up from a file's header only; a pipe's events stay ungrouped.
  if (auto it = reader.features().find(HEADER_GROUP_DESC);
      !reader.is_pipe() && it != reader.features().end()) {
    ByteReader r(it->second, reader.swapped());
    if (!read_group_desc(r, groups)) groups.clear();
  }
  bool has_groups = false;
  for (const GroupDesc& g : groups) has_groups |= g.nr_members > 1;
  if (group && has_groups) {
    std::vector<std::string> names;
    for (const EventAttrEntry& e : reader.attrs()) names.push_back(e.name);
    for (size_t i = 0; i < names.size(); ++i) {
      std::string line = names[i];
      for (const GroupDesc& g : groups) {
        if (g.leader != i || g.nr_members <= 1) continue;
        line = group_text(g, names);
        i += g.nr_members - 1;  // its members are in the line
        break;
      }
      std::printf("%s\n", line.c_str());
    }
    return 0;
  }
  for (const EventAttrEntry& e : reader.attrs()) {
    std::string line = e.name;
    if (verbose) {
      bool first = true;
      for_each_printed_attr_field(e.attr, [&](const char* name, const std::string& value) {
        line += first ? ":" : ",";
        first = false;
        line += ' ';
        line += name;
        line += ": ";
        line += value;
      });
    } else if (freq && e.attr.freq) {
      line += ": sample_freq=" + std::to_string(e.attr.sample_freq);
    }
    std::printf("%s\n", line.c_str());
  }
  bool has_tracepoint = false;
  for (const EventAttrEntry& e : reader.attrs()) has_tracepoint |= e.attr.type == PERF_TYPE_TRACEPOINT;
  if (has_groups && !group) std::printf("# Tip: use 'perf evlist -g' to show group information\n");
  if (has_tracepoint && !trace_fields)
    std::printf("# Tip: use 'perf evlist --trace-fields' to show fields for tracepoint events\n");
  return 0;
}

}  // namespace cperf
