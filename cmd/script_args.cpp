#include "script_args.h"

#include "cli.h"

#include <set>

namespace cperf {

std::vector<std::string> split_at_non_option(const CLI::App& app, const std::vector<std::string>& args,
                                             std::vector<std::string>& rest) {
  // Options that take a value in the next argument.
  std::set<std::string> longs, shorts;
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_expected_max() == 0 || is_attached_value_only(o)) continue;  // a flag, or "--opt=value" only
    for (const std::string& n : o->get_lnames()) longs.insert(n);
    for (const std::string& n : o->get_snames()) shorts.insert(n);
  }
  auto unique_long = [&](const std::string& prefix) {  // perf's abbreviations
    int hits = 0;
    bool exact = longs.count(prefix) > 0;
    for (const std::string& n : longs) hits += n.compare(0, prefix.size(), prefix) == 0;
    return exact || hits == 1;
  };
  std::vector<std::string> opts{args.empty() ? std::string("script") : args[0]};
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      rest.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      return opts;
    }
    if (a.size() < 2 || a[0] != '-') {
      rest.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      return opts;
    }
    opts.push_back(a);
    bool takes_next = false;
    if (a.compare(0, 2, "--") == 0) {
      takes_next = a.find('=') == std::string::npos && unique_long(a.substr(2));
    } else {
      // A cluster of short options: the value is the rest of the cluster, or the next argument.
      for (size_t k = 1; k < a.size(); ++k)
        if (shorts.count(std::string(1, a[k]))) {
          takes_next = k + 1 == a.size();
          break;
        }
    }
    if (takes_next && i + 1 < args.size()) opts.push_back(args[++i]);
  }
  return opts;
}

}  // namespace cperf
