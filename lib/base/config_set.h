// The configuration perf reads from its files (config_sources.h), as perf 7.2 keeps it:
// sections in the order first met, their keys in the order first met, a key set again
// keeping its place and taking the new value. Each section and key remembers whether it came
// from the system file, so that writing the user's file leaves the system's keys out.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace cperf {

class ConfigSet {
 public:
  struct Item {
    std::string name;
    std::string value;
    bool from_system = false;
  };
  struct Section {
    std::string name;
    std::vector<Item> items;
    bool from_system = false;
  };

  // Sets `var` ("section.key", split at its first '.') to `value`. False, changing nothing,
  // when there is no value or no '.'.
  bool collect(const std::string& var, const std::optional<std::string>& value, bool from_system);

  // perf config -l: "section.key=value" lines.
  std::string list() const;
  // perf config section.key: the value perf shows for `var` (a section whose name begins
  // `var`, then the key after it), or nullopt.
  std::optional<std::string> get(const std::string& var) const;
  // The text perf writes back to a config file: its first-line comment, then every section
  // and key; those from the system file only when `with_system`.
  std::string serialize(bool with_system) const;

  const std::vector<Section>& sections() const { return sections_; }

 private:
  std::vector<Section> sections_;
};

}  // namespace cperf
