#include "base/config_set.h"

namespace cperf {

bool ConfigSet::collect(const std::string& var, const std::optional<std::string>& value,
                        bool from_system) {
  size_t dot = var.find('.');
  if (!value || dot == std::string::npos) return false;
  std::string section_name = var.substr(0, dot), name = var.substr(dot + 1);
  Section* section = nullptr;
  for (Section& s : sections_)
    if (s.name == section_name) section = &s;
  if (!section) section = &sections_.emplace_back(Section{section_name, {}, false});
  Item* item = nullptr;
  for (Item& i : section->items)
    if (i.name == name) item = &i;
  if (!item) item = &section->items.emplace_back(Item{name, "", false});
  section->from_system = item->from_system = from_system;
  item->value = *value;
  return true;
}

std::string ConfigSet::list() const {
  std::string out;
  for (const Section& s : sections_)
    for (const Item& i : s.items) out += s.name + "." + i.name + "=" + i.value + "\n";
  return out;
}

std::optional<std::string> ConfigSet::get(const std::string& var) const {
  for (const Section& s : sections_) {
    if (var.compare(0, s.name.size(), s.name) != 0) continue;
    // perf skips the character after the section's name without looking at it.
    std::string name = var.size() > s.name.size() ? var.substr(s.name.size() + 1) : "";
    for (const Item& i : s.items)
      if (i.name == name) return i.value;
  }
  return std::nullopt;
}

std::string ConfigSet::serialize(bool with_system) const {
  std::string out = "# this file is auto-generated.\n";
  for (const Section& s : sections_) {
    if (s.from_system && !with_system) continue;
    out += "[" + s.name + "]\n";
    for (const Item& i : s.items)
      if (!i.from_system || with_system) out += "\t" + i.name + " = " + i.value + "\n";
  }
  return out;
}

}  // namespace cperf
