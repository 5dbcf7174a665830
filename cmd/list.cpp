// cperf list [-j] [-o FILE] [hw|sw|tracepoint|GLOB...]: the events cperf record can open here,
// in perf 6.1's classic text layout ("  NAME OR ALIAS   [Type]", the one scripts grep) or as
// perf 7.2's JSON array (-j). Tracepoints come from tracefs; cperf has no PMU event tables, so
// CPU-specific events are not listed (the raw forms are).
#include <fnmatch.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "commands.h"
#include "pager.h"
#include "recorder/event_catalog.h"
#include "recorder/event_spec.h"

#include <unistd.h>

namespace cperf {

namespace {

constexpr const char* kUsage =
    "\n Usage: perf list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]\n\n"
    "    -j, --json            JSON encode events and metrics\n"
    "    -o, --output <file>   output file name\n\n";

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// A word selects a kind (hw, sw, tracepoint ...); anything else is a glob, or a substring when
// it has no wildcard, matched against the names.
bool selected(const ListedEvent& e, const std::vector<std::string>& words) {
  if (words.empty()) return true;
  for (const std::string& w : words) {
    if (w == "hw" || w == "hardware") {
      if (e.type == "Hardware event") return true;
      continue;
    }
    if (w == "sw" || w == "software") {
      if (e.type == "Software event") return true;
      continue;
    }
    if (w == "tracepoint") {
      if (e.type == "Tracepoint event") return true;
      continue;
    }
    if (w == "cache" || w == "pmu" || w == "sdt" || w == "metric" || w == "metricgroup") continue;
    bool glob = w.find_first_of("*?[") != std::string::npos;
    for (const std::string& n : e.names)
      if (glob ? fnmatch(w.c_str(), n.c_str(), 0) == 0 : n.find(w) != std::string::npos) return true;
  }
  return false;
}

void print_text(std::FILE* out, const std::vector<const ListedEvent*>& events) {
  for (const ListedEvent* e : events) {
    std::string names;
    for (const std::string& n : e->names) names += (names.empty() ? "" : " OR ") + n;
    std::fprintf(out, "  %-50s [%s]\n", names.c_str(), e->type.c_str());
  }
}

void print_json(std::FILE* out, const std::vector<const ListedEvent*>& events) {
  std::fputs("[\n", out);
  for (size_t i = 0; i < events.size(); ++i) {
    const ListedEvent& e = *events[i];
    std::vector<std::pair<const char*, std::string>> fields;
    if (!e.unit.empty()) fields.push_back({"Unit", e.unit});
    fields.push_back({"EventName", e.names[0]});
    if (e.names.size() > 1) {
      std::string aliases;
      for (size_t k = 1; k < e.names.size(); ++k) aliases += (k > 1 ? "," : "") + e.names[k];
      fields.push_back({"EventAlias", aliases});
    }
    fields.push_back({"EventType", e.type});
    if (!e.description.empty()) fields.push_back({"BriefDescription", e.description});
    if (!e.encoding.empty()) fields.push_back({"Encoding", e.encoding});
    std::fputs("{\n", out);
    for (size_t k = 0; k < fields.size(); ++k)
      std::fprintf(out, "\t\"%s\": %s%s\n", fields[k].first, json_string(fields[k].second).c_str(),
                   k + 1 < fields.size() ? "," : "");
    std::fputs(i + 1 < events.size() ? "},\n" : "}\n", out);
  }
  std::fputs("]\n", out);
}

}  // namespace

int cmd_list(const Args& args) {
  bool json = false;
  std::string output;
  std::vector<std::string> words;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-j" || a == "--json") {
      json = true;
    } else if (a == "-o" || a == "--output") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "  Error: switch `o' requires a value\n%s", kUsage);
        return 129;
      }
      output = args[++i];
    } else if (a.rfind("--output=", 0) == 0) {
      output = a.substr(9);
    } else if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stderr);
      return 0;
    } else if (a.size() > 1 && a[0] == '-') {
      std::fprintf(stderr, "  Error: unknown option `%s'\n%s", a.c_str() + (a[1] == '-' ? 2 : 1), kUsage);
      return 129;
    } else {
      words.push_back(a);
    }
  }
  bool core_pmu = access("/sys/bus/event_source/devices/cpu", F_OK) == 0;
  std::vector<ListedEvent> all = list_events(core_pmu, tracefs_events_dir());
  std::vector<const ListedEvent*> shown;
  for (const ListedEvent& e : all)
    if (selected(e, words)) shown.push_back(&e);
  std::FILE* out = stdout;
  if (!output.empty()) {
    out = std::fopen(output.c_str(), "w");
    if (!out) {
      std::fprintf(stderr, "Failed to open %s: %s\n", output.c_str(), std::strerror(errno));
      return 255;
    }
  } else {
    setup_pager();
  }
  if (json) print_json(out, shown);
  else print_text(out, shown);
  if (out != stdout && std::fclose(out) != 0) return 255;
  return 0;
}

}  // namespace cperf
