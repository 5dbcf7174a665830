#include "recorder/event_spec.h"

#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace cperf {

namespace {

using NamedEvent = NamedEventInfo;

const NamedEvent kNamed[] = {
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES},
    {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    {"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    {"bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES},
    {"stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
    {"idle-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
    {"stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
    {"idle-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
    {"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES},
    {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
    {"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
    {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS},
    {"emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS},
    {"dummy", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY},
    {"bpf-output", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT},
    {"cgroup-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CGROUP_SWITCHES},
};

const NamedEvent* find_named(const std::string& s) {
  for (const auto& e : kNamed)
    if (s == e.name) return &e;
  return nullptr;
}

std::string read_line(const std::string& path) {
  std::ifstream f(path);
  std::string s;
  std::getline(f, s);
  return s;
}

// The terminal's width as perf takes it: LINES and COLUMNS when both are set, else stdout's
// window size, else 80; at most 1000.
int term_width() {
  int cols = 0;
  const char* lines = std::getenv("LINES");
  const char* columns = std::getenv("COLUMNS");
  if (lines && columns && std::atoi(lines) > 0 && std::atoi(columns) > 0) cols = std::atoi(columns);
  winsize ws{};
  if (!cols && ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col) cols = ws.ws_col;
  if (!cols) cols = 80;
  return cols > 1000 ? 1000 : cols;
}

// perf's first two lines of a syntax error at `at` in `text`: the text, cut at the front (".."
// marks the cut) so that the pointer stays within 13 characters of it, and at the back to the
// terminal's width; then the indent of the pointer, to which the caller adds "\___ reason".
std::string syntax_error_pointer(const std::string& text, size_t at) {
  const std::string head = "event syntax error: ";
  const size_t max_len = static_cast<size_t>(std::max(term_width() - 2 - static_cast<int>(head.size()), 2));
  const size_t cut = at > 13 ? at - 13 : 0;
  std::string shown = text.substr(std::min(cut, text.size()), max_len);
  if (cut && shown.size() >= 2) shown[0] = shown[1] = '.';
  if (text.size() - std::min(cut, text.size()) > max_len) shown[max_len - 1] = shown[max_len - 2] = '.';
  return head + "'" + shown + "'\n" + std::string(head.size() + 1 + at - cut, ' ');
}

// perf's modifier rule: the first of u/k/h excludes all three, then each one given lets its
// own level back in; G/H likewise for guest/host. An event's own modifiers start from nothing;
// a group's (`on_top`) start from what each member already has, and add precision.
bool apply_modifiers(const std::string& mods, perf_event_attr& a, std::string& error,
                     bool on_top = false) {
  bool u = false, k = false, h = false, guest = false, host = false;
  int precise = on_top ? static_cast<int>(a.precise_ip) : 0;
  for (char c : mods) {
    switch (c) {
      case 'u': u = true; break;
      case 'k': k = true; break;
      case 'h': h = true; break;
      case 'p': precise++; break;
      case 'P': precise = 3; break;  // "max precise"; the kernel caps it
      case 'H': host = true; break;
      case 'G': guest = true; break;
      default: error = std::string("event syntax error: unknown modifier '") + c + "'"; return false;
    }
  }
  bool eu = on_top && a.exclude_user, ek = on_top && a.exclude_kernel, eh = on_top && a.exclude_hv;
  if (u || k || h) {
    if (!(eu || ek || eh)) eu = ek = eh = true;
    if (u) eu = false;
    if (k) ek = false;
    if (h) eh = false;
    a.exclude_user = eu;
    a.exclude_kernel = ek;
    a.exclude_hv = eh;
  }
  // perf 7.2 no longer excludes guests by default: only G (guest only) and H (host only).
  bool eg = on_top && a.exclude_guest, ehost = on_top && a.exclude_host;
  if (guest || host) {
    if (!(eg || ehost)) eg = ehost = true;
    if (guest) eg = false;
    if (host) ehost = false;
    a.exclude_guest = eg;
    a.exclude_host = ehost;
  }
  if (precise > 3) {
    error = "event syntax error: too many 'p' modifiers";
    return false;
  }
  a.precise_ip = static_cast<uint64_t>(precise) & 3;
  return true;
}

// Takes perf's S modifier (sample read) out of a modifier string.
std::string take_sample_read(std::string mods, bool& sample_read) {
  size_t at;
  while ((at = mods.find('S')) != std::string::npos) {
    sample_read = true;
    mods.erase(at, 1);
  }
  return mods;
}

bool parse_number(const std::string& s, uint64_t& v) {
  if (s.empty()) return false;
  char* end = nullptr;
  v = std::strtoull(s.c_str(), &end, 0);
  return *end == 0;
}

bool parse_pmu_event(const std::string& text, EventSpec& e, std::string& error) {
  size_t s1 = text.find('/');
  size_t s2 = text.rfind('/');
  std::string pmu = text.substr(0, s1);
  std::string terms = text.substr(s1 + 1, s2 - s1 - 1);
  std::string mods = s2 + 1 < text.size() && text[s2 + 1] == ':' ? text.substr(s2 + 2) : "";
  std::string type = read_line("/sys/bus/event_source/devices/" + pmu + "/type");
  if (type.empty()) {
    error = "event syntax error: '" + text + "'\nCannot find PMU `" + pmu +
            "'. Missing kernel support?";
    return false;
  }
  e.attr.type = static_cast<uint32_t>(std::stoul(type));
  e.name = text;
  size_t pos = 0;
  while (pos <= terms.size() && !terms.empty()) {
    size_t comma = terms.find(',', pos);
    std::string term = terms.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    pos = comma == std::string::npos ? terms.size() + 1 : comma + 1;
    if (term.empty()) continue;
    size_t eq = term.find('=');
    std::string key = term.substr(0, eq), val = eq == std::string::npos ? "" : term.substr(eq + 1);
    uint64_t v = 0;
    if (key == "name") { e.name = val; continue; }
    if (const NamedEvent* n = eq == std::string::npos ? find_named(key) : nullptr) {
      if (n->type == PERF_TYPE_HARDWARE || n->type == PERF_TYPE_SOFTWARE) {
        if (e.attr.type != n->type && pmu != "cpu") e.attr.type = n->type;
        if (pmu == "cpu") e.attr.type = n->type;
      }
      e.attr.config = n->config;
      continue;
    }
    if (!parse_number(val, v)) {
      error = "event syntax error: '" + text + "'\nunknown term '" + key + "'";
      return false;
    }
    if (key == "config" || key == "event") e.attr.config = v;
    else if (key == "config1") e.attr.config1 = v;
    else if (key == "config2") e.attr.config2 = v;
    else if (key == "config3") e.attr.config3 = v;
    else if (key == "period") { e.attr.sample_period = v; e.user_period = true; }
    else if (key == "freq") { e.attr.sample_freq = v; e.attr.freq = 1; e.user_period = true; }
    else {
      error = "event syntax error: '" + text + "'\nunknown term '" + key + "' for pmu '" + pmu + "'";
      return false;
    }
  }
  return apply_modifiers(mods, e.attr, error);
}

}  // namespace

const std::vector<NamedEventInfo>& named_events() {
  static const std::vector<NamedEventInfo> all(std::begin(kNamed), std::end(kNamed));
  return all;
}

std::string tracefs_events_dir() {
  struct stat st{};
  for (const char* d : {"/sys/kernel/tracing/events", "/sys/kernel/debug/tracing/events"})
    if (stat(d, &st) == 0) return d;
  // Like perf, mount tracefs where the kernel provides its mount point (root only); a failure
  // leaves the caller's "tracefs is not mounted".
  if (stat("/sys/kernel/tracing", &st) == 0 &&
      mount("nodev", "/sys/kernel/tracing", "tracefs", 0, nullptr) == 0 &&
      stat("/sys/kernel/tracing/events", &st) == 0)
    return "/sys/kernel/tracing/events";
  return "";
}

std::vector<std::string> split_event_list(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  int slashes = 0, braces = 0;
  for (char c : text) {
    if (c == '/') slashes ^= 1;
    if (c == '{') braces++;
    if (c == '}') braces--;
    if (c == ',' && !slashes && braces <= 0) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

namespace {

// A tracepoint "sys:name": its id from tracefs.
bool resolve_tracepoint(const std::string& sys, const std::string& name, const std::string& text,
                        EventSpec& e, std::string& error) {
  std::string dir = tracefs_events_dir();
  std::string id = dir.empty() ? "" : read_line(dir + "/" + sys + "/" + name + "/id");
  if (id.empty()) {
    error = dir.empty() ? "event syntax error: '" + text + "'\ntracefs is not mounted"
                        : "\\___ unknown tracepoint\n\nError:\tFile " + dir.substr(0, dir.size() - 7) + "//events/" + sys +
                              "/" + name + " not found.\nHint:\tPerhaps this kernel misses some CONFIG_ setting to enable this feature?.\n";
    return false;
  }
  e.attr.type = PERF_TYPE_TRACEPOINT;
  e.attr.config = std::stoull(id);
  e.is_tracepoint = true;
  e.tp_system = sys;
  e.tp_name = name;
  return true;
}

// "NAME/terms/[mods]" for a named (hardware/software) event or a tracepoint "sys:name": the
// event, then perf's per-event terms: period, freq, name, call-graph, max-stack, stack-size.
bool parse_termed_event(const std::string& text, EventSpec& e, std::string& error) {
  size_t s1 = text.find('/'), s2 = text.rfind('/');
  std::string head = text.substr(0, s1);
  std::string terms = s2 > s1 ? text.substr(s1 + 1, s2 - s1 - 1) : "";
  std::string mods = s2 + 1 < text.size() ? text.substr(s2 + 1) : "";
  if (!mods.empty() && mods[0] == ':') mods.erase(0, 1);
  if (const NamedEvent* n = find_named(head)) {
    e.attr.type = n->type;
    e.attr.config = n->config;
    e.name = text;
  } else {
    size_t colon = head.find(':');
    if (!resolve_tracepoint(head.substr(0, colon), head.substr(colon + 1), text, e, error)) return false;
    e.name = head;
  }
  CallchainOptions cc;
  bool have_cc = false;
  for (const std::string& term : split_event_list(terms)) {
    if (term.empty()) continue;
    size_t eq = term.find('=');
    std::string key = term.substr(0, eq), val = eq == std::string::npos ? "" : term.substr(eq + 1);
    uint64_t v = 0;
    if (key == "name") {
      e.name = val;
    } else if (key == "call-graph") {
      std::string err;
      if (val == "no") {
        cc.mode = CallchainMode::kNone;
      } else if (!parse_callchain(val, cc, err)) {
        error = "event syntax error: '" + text + "'\n" + err;
        return false;
      }
      have_cc = true;
    } else if ((key == "max-stack" || key == "stack-size") && parse_number(val, v)) {
      (key == "max-stack" ? cc.max_stack : cc.dump_size) = static_cast<uint32_t>(v);
      have_cc = true;
    } else if ((key == "period" || key == "freq") && parse_number(val, v)) {
      e.attr.freq = key == "freq";
      e.attr.sample_period = v;  // the union's other name when freq is set
      e.user_period = true;
    } else {
      error = "event syntax error: '" + text + "'\nunknown term '" + key + "'";
      return false;
    }
  }
  if (have_cc) e.callchain = cc;
  return apply_modifiers(take_sample_read(mods, e.sample_read), e.attr, error);
}

// Where perf's parser gives up on a group "{a,b}[:mods]" whose '{' is at `brace`: an empty
// group at its '{', a '{' or '}' inside it at that brace, anything but ":mods" after it at
// its '}', modifiers it does not know at the ':'. npos when the group is well formed.
size_t group_syntax_error_at(const std::string& one, size_t brace) {
  size_t close = one.rfind('}');
  if (close == std::string::npos || close <= brace) return std::string::npos;  // left to parse_group
  if (close == brace + 1) return brace;
  size_t inner = one.find_first_of("{}", brace + 1);
  if (inner < close) return inner;
  if (close + 1 == one.size()) return std::string::npos;
  if (one[close + 1] != ':') return close;
  perf_event_attr probe{};
  std::string err;
  bool sample_read = false;
  if (!apply_modifiers(take_sample_read(one.substr(close + 2), sample_read), probe, err, true)) return close + 1;
  return std::string::npos;
}

// Where a named group's '{' is (perf's name characters, spaces before the
// brace skipped as perf's lexer skips them), or 0 when `one` is no named group.
size_t group_name_length(const std::string& one) {
  size_t brace = one.find('{');
  if (brace == std::string::npos || brace == 0) return 0;
  size_t end = one.find_last_not_of(' ', brace - 1);
  if (end == std::string::npos) return 0;
  for (size_t k = 0; k <= end; k++) {
    const unsigned char c = static_cast<unsigned char>(one[k]);
    if (!std::isalnum(c) && !std::strchr("_.-*?![]", c)) return 0;
  }
  return brace;
}

// "{a,b}[:mods]": the members, then the group's modifiers on top of each member's own.
bool parse_group(const std::string& one, std::vector<EventSpec>& out, std::string& error) {
  size_t close = one.rfind('}');
  if (close == std::string::npos || close < 1) {
    error = "event syntax error: '" + one + "'\n  \\___ unbalanced '{'";
    return false;
  }
  std::string inner = one.substr(1, close - 1);
  std::string tail = one.substr(close + 1);
  if (!tail.empty() && tail[0] != ':') {
    error = "event syntax error: '" + one + "'\n  \\___ parser error";
    return false;
  }
  bool sample_read = false;
  std::string mods = take_sample_read(tail.empty() ? "" : tail.substr(1), sample_read);
  if (inner.find('{') != std::string::npos) {
    error = "event syntax error: '" + one + "'\n  \\___ nested groups";
    return false;
  }
  size_t first = out.size();
  if (!parse_events(inner, out, error)) return false;
  for (size_t i = first; i < out.size(); i++) {
    if (!apply_modifiers(mods, out[i].attr, error, /*on_top=*/true)) return false;
    out[i].sample_read |= sample_read;
    out[i].leader = static_cast<int>(first);
  }
  out[first].nr_members = static_cast<uint32_t>(out.size() - first);
  return true;
}

}  // namespace

bool parse_events(const std::string& text, std::vector<EventSpec>& out, std::string& error) {
  size_t search_from = 0;
  for (const std::string& one : split_event_list(text)) {
    // perf points at the failing event under the whole -e text: "\___ reason".
    const size_t offset = text.find(one, search_from);
    search_from = offset == std::string::npos ? search_from : offset + one.size();
    size_t offset_shift = 0;
    auto pointed = [&](const std::string& reason) {
      size_t at = (offset == std::string::npos ? 0 : offset) + offset_shift;
      error = syntax_error_pointer(text, at) + reason;
    };
    const size_t brace = one.empty() || one[0] == '{' ? 0 : group_name_length(one);
    if (brace || (!one.empty() && one[0] == '{')) {
      if (size_t bad = group_syntax_error_at(one, brace); bad != std::string::npos) {
        offset_shift = bad;
        pointed("\\___ Unrecognized input");
        return false;
      }
    }
    if (!one.empty() && one[0] == '{') {
      if (!parse_group(one, out, error)) return false;
      continue;
    }
    if (brace) {  // name{a,b}: the name goes to the group_desc
      const size_t leader = out.size();
      if (!parse_group(one.substr(brace), out, error)) return false;
      out[leader].group_name = one.substr(0, one.find_last_not_of(' ', brace - 1) + 1);
      continue;
    }
    EventSpec e;
    e.attr.size = sizeof e.attr;
    if (one.empty()) {
      error = "event syntax error: empty event";
      return false;
    }
    if (one.find('/') != std::string::npos) {
      std::string head = one.substr(0, one.find('/'));
      if (find_named(head) || head.find(':') != std::string::npos) {
        if (!parse_termed_event(one, e, error)) return false;
        out.push_back(e);
        continue;
      }
      if (!parse_pmu_event(one, e, error)) return false;
      out.push_back(e);
      continue;
    }
    size_t colon = one.find(':');
    std::string head = one.substr(0, colon);
    std::string rest = colon == std::string::npos ? "" : one.substr(colon + 1);
    std::string mods = rest;
    if (const NamedEvent* n = find_named(head)) {
      e.attr.type = n->type;
      e.attr.config = n->config;
    } else if (head.size() > 1 && head.size() <= 17 && head[0] == 'r' &&
               head.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos) {
      e.attr.type = PERF_TYPE_RAW;
      e.attr.config = std::strtoull(head.c_str() + 1, nullptr, 16);
    } else if (colon != std::string::npos) {
      // Tracepoint sys:name[:modifiers].
      size_t c2 = rest.find(':');
      std::string name = rest.substr(0, c2);
      mods = c2 == std::string::npos ? "" : rest.substr(c2 + 1);
      if (!resolve_tracepoint(head, name, one, e, error)) {
        if (error.rfind("\\___", 0) == 0) pointed(error);
        return false;
      }
    } else {
      // perf's lexer passes over leading dashes ("-e -o" names the event "o")
      size_t dashes = std::min(head.find_first_not_of('-'), head.size());
      if (offset != std::string::npos) offset_shift = dashes;
      pointed("\\___ Bad event name\n\nUnable to find event on a PMU of '" + head.substr(dashes) + "'");
      return false;
    }
    if (!apply_modifiers(take_sample_read(mods, e.sample_read), e.attr, error)) {
      // perf reads "name:word" whose word is no modifier list as a tracepoint
      if (colon != std::string::npos && e.attr.type != PERF_TYPE_TRACEPOINT &&
          !resolve_tracepoint(head, rest, one, e, error) && error.rfind("\\___", 0) == 0)
        pointed(error);
      return false;
    }
    e.name = one;
    out.push_back(e);
  }
  return true;
}

}  // namespace cperf
