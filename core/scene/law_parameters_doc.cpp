#include "scene/law_parameters_doc.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "scene/law_parameters.h"

namespace contactsim {
namespace {

constexpr const char* kBegin = "<!-- law-parameters ";
constexpr const char* kEnd = "<!-- /law-parameters -->";

// Shortest round-trip-looking form, exponents without '+' and leading zeros: 1e8, 1e-4, 0.01.
std::string formatNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  std::string s = text;
  const auto e = s.find('e');
  if (e == std::string::npos) return s;
  std::string exponent = s.substr(e + 1);
  const bool negative = exponent[0] == '-';
  exponent.erase(0, exponent.find_first_not_of("+-0"));
  return s.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

// In a table cell a bare '|' would end the cell.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string rangeText(const ParameterRange& r) {
  std::string text;
  if (std::isinf(r.high))
    text = (r.low_open ? "> " : "≥ ") + formatNumber(r.low);
  else
    text = (r.low_open ? "> " : "") + formatNumber(r.low) + " … " + formatNumber(r.high);
  return text + r.why;
}

std::string defaultText(const ParameterDefault& d) {
  switch (d.kind) {
    case ParameterDefault::Kind::Number:
      return formatNumber(d.value);
    case ParameterDefault::Kind::Required:
      return "required";
    case ParameterDefault::Kind::Derived:
      return d.derived_from;
  }
  return "";
}

const std::vector<LawParameter>& parametersOf(const std::string& model) {
  for (const LawModels* table : {&normalLawParameters(), &frictionParameters()}) {
    const auto it = table->find(model);
    if (it != table->end()) return it->second;
  }
  throw std::invalid_argument("no contact law or friction model \"" + model + "\"");
}

}  // namespace

std::string lawParameterMarkdown(const std::string& model) {
  std::string out = "| parameter | unit | range | default | meaning |\n|---|---|---|---|---|\n";
  for (const LawParameter& p : parametersOf(model)) {
    out += "| `" + p.name + "` | " + cell(p.unit) + " | " + cell(rangeText(p.range)) + " | " +
           cell(defaultText(p.fallback)) + " | " + cell(p.meaning) + " |\n";
  }
  return out;
}

std::string withGeneratedLawTables(const std::string& doc) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t begin; (begin = doc.find(kBegin, at)) != std::string::npos;) {
    const std::size_t name_start = begin + std::string(kBegin).size();
    const std::size_t name_end = doc.find(" -->", name_start);
    const std::size_t line_end = doc.find('\n', name_start);
    const std::size_t end = doc.find(kEnd, name_start);
    if (name_end == std::string::npos || line_end == std::string::npos || name_end > line_end ||
        end == std::string::npos) {
      throw std::invalid_argument("law-parameters block at offset " + std::to_string(begin) +
                                  " without its end marker");
    }
    out += doc.substr(at, line_end + 1 - at);
    out += lawParameterMarkdown(doc.substr(name_start, name_end - name_start));
    at = end;
  }
  return out + doc.substr(at);
}

}  // namespace contactsim
