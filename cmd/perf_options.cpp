#include "perf_options.h"
#include "perf_usage.h"

#include <cstdlib>
#include <cstring>

namespace cperf {

namespace {

constexpr size_t kHelpColumn = 26;  // where perf starts an option's help text

bool takes_value(const PerfOption& o) {
  return o.kind == PerfOption::kString || o.kind == PerfOption::kOptString ||
         o.kind == PerfOption::kInteger;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

void PerfOptionParser::print_option(std::FILE* f, const PerfOption& o) const {
  std::string line = "    ";
  if (o.short_name) line += std::string("-") + o.short_name;
  if (o.short_name && *o.long_name) line += ", ";
  else if (!o.short_name) line += "    ";
  line += std::string("--") + o.long_name;
  if (o.arg_name) {
    if (o.kind == PerfOption::kOptString) line += std::string("[=<") + o.arg_name + ">]";
    else line += std::string(" <") + o.arg_name + ">";
  }
  if (line.size() <= kHelpColumn - 2) line.append(kHelpColumn - line.size(), ' ');
  else line += "\n" + std::string(kHelpColumn, ' ');
  std::fprintf(f, "%s%s\n", line.c_str(), o.help);
}

int PerfOptionParser::usage(const std::string& error, bool after_message) const {
  if (!error.empty()) std::fprintf(stderr, "  Error: %s\n", error.c_str());
  std::fprintf(stderr, "%s Usage: %s\n\n", after_message ? "" : "\n", usage_line_.c_str());
  for (const PerfOption& o : options_) print_option(stderr, o);
  std::fputc('\n', stderr);
  return 129;
}

int PerfOptionParser::help(const std::vector<std::string>& args, size_t at) const {
  if (at + 1 >= args.size()) return usage();
  // words after -h: only the options they name
  std::fprintf(stderr, "\n Usage: %s\n\n", usage_line_.c_str());
  for (const PerfOption& o : options_)
    for (size_t k = at + 1; k < args.size(); ++k)
      if (option_named(o.short_name, o.long_name, o.help ? o.help : "", args[k])) {
        print_option(stderr, o);
        break;
      }
  std::fputc('\n', stderr);
  return 129;
}

int PerfOptionParser::option_usage(const std::string& long_name, const std::string& message) const {
  std::fprintf(stderr, "%s\n Usage: %s\n\n", message.c_str(), usage_line_.c_str());
  for (const PerfOption& o : options_)
    if (long_name == o.long_name) print_option(stderr, o);
  return 129;
}

int PerfOptionParser::option_error(const PerfOption* o, const std::string& msg) const {
  std::fprintf(stderr, " Error: %s\n Usage: %s\n\n", msg.c_str(), usage_line_.c_str());
  if (o) print_option(stderr, *o);
  return 129;
}

int PerfOptionParser::set_value(const PerfOption& o, bool as_short, const std::string& v,
                                PerfOptionValues& out) const {
  if (o.kind == PerfOption::kInteger && !v.empty()) {
    char* end = nullptr;
    std::strtol(v.c_str(), &end, 0);
    if (*end != '\0' || v.find('x') != std::string::npos || v.find('X') != std::string::npos)
      return option_error(&o, (as_short ? std::string("switch `") + o.short_name
                                        : std::string("option `") + o.long_name) +
                                  "' expects a numerical value");
  }
  out.strings[o.long_name] = v;
  ++out.counts[o.long_name];
  return -1;
}

int PerfOptionParser::parse_long(const std::vector<std::string>& args, size_t& i,
                                 PerfOptionValues& out) const {
  std::string name = args[i].substr(2), value;
  bool has_value = false;
  if (size_t eq = name.find('='); eq != std::string::npos) {
    value = name.substr(eq + 1);
    name = name.substr(0, eq);
    has_value = true;
  }
  if (name == "help") return help(args, i);
  // An exact name wins; else the one option the word abbreviates, negated or not.
  const PerfOption* match = nullptr;
  bool negated = false;
  std::vector<const PerfOption*> candidates;
  for (const PerfOption& o : options_) {
    if (name == o.long_name) {
      match = &o;
      break;
    }
    if (starts_with(o.long_name, name)) candidates.push_back(&o);
  }
  if (!match && starts_with(name, "no-")) {
    std::string base = name.substr(3);
    for (const PerfOption& o : options_)
      if (base == o.long_name) match = &o;
    if (!match)
      for (const PerfOption& o : options_)
        if (!base.empty() && starts_with(o.long_name, base)) candidates.push_back(&o);
    negated = true;
  }
  if (!match && candidates.size() == 1) match = candidates[0];
  if (!match && candidates.size() > 1) {
    std::fprintf(stderr, " Error: Ambiguous option: %s (could be --%s%s or --%s%s)\n",
                 name.c_str(), negated ? "no-" : "", candidates[0]->long_name,
                 negated ? "no-" : "", candidates[1]->long_name);
    std::fprintf(stderr, "\n Usage: %s\n\n", usage_line_.c_str());
    for (const PerfOption* o : candidates) print_option(stderr, *o);
    return 129;
  }
  if (!match) return usage("unknown option `" + args[i].substr(2) + "'");
  const PerfOption& o = *match;
  if (negated) {
    if (has_value) return option_error(nullptr, std::string("option `no-") + o.long_name + "' takes no value");
    out.strings.erase(o.long_name);
    // perf's --no- of an option with an optional value still sets it, to no value.
    out.counts[o.long_name] = o.kind == PerfOption::kOptString ? 1 : 0;
    return -1;
  }
  if (!takes_value(o)) {
    if (has_value) return option_error(nullptr, std::string("option `") + o.long_name + "' takes no value");
    ++out.counts[o.long_name];
    return -1;
  }
  if (!has_value && o.kind == PerfOption::kOptString) {
    out.strings.erase(o.long_name);
    ++out.counts[o.long_name];
    return -1;
  }
  if (!has_value) {
    if (i + 1 >= args.size())
      return option_error(&o, std::string("option `") + o.long_name + "' requires a value");
    value = args[++i];
  }
  return set_value(o, false, value, out);
}

int PerfOptionParser::parse_short(const std::vector<std::string>& args, size_t& i,
                                  PerfOptionValues& out) const {
  const std::string& a = args[i];
  for (size_t k = 1; k < a.size(); ++k) {
    if (a[k] == 'h') return help(args, i);
    const PerfOption* match = nullptr;
    for (const PerfOption& o : options_)
      if (o.short_name == a[k]) match = &o;
    if (!match) return usage(std::string("unknown switch `") + a[k] + "'");
    if (!takes_value(*match)) {
      ++out.counts[match->long_name];
      continue;
    }
    std::string value;
    if (k + 1 < a.size()) {
      value = a.substr(k + 1);
    } else if (match->kind == PerfOption::kOptString) {
      ++out.counts[match->long_name];
      return -1;
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return option_error(match, std::string("switch `") + a[k] + "' requires a value");
    }
    return set_value(*match, true, value, out);
  }
  return -1;
}

int PerfOptionParser::parse(const std::vector<std::string>& args, PerfOptionValues& out) const {
  size_t i = 1;
  out.rest.clear();
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a.size() < 2 || a[0] != '-') {
      if (!permute_) break;
      out.rest.push_back(a);  // a word among the options: kept, and the options go on
      continue;
    }
    int rc = a[1] == '-' ? parse_long(args, i, out) : parse_short(args, i, out);
    if (rc >= 0) return rc;
  }
  out.rest.insert(out.rest.end(), args.begin() + static_cast<long>(i), args.end());
  return -1;
}

}  // namespace cperf
