#include "import/urdf_xml_values.h"

#include <Eigen/Geometry>
#include <cctype>
#include <charconv>
#include <cmath>

namespace contactsim::urdf {

std::string elementName(const xmlNode* node) { return reinterpret_cast<const char*>(node->name); }

bool isElement(const xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE && elementName(node) == name;
}

std::optional<std::string> attribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return std::nullopt;
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

void XmlValues::fail(const xmlNode* node, const std::string& element,
                     const std::string& message) const {
  report_.fail(static_cast<int>(xmlGetLineNo(node)), element, message);
}

std::vector<double> XmlValues::numbers(const xmlNode* node, const std::string& element,
                                       const char* name, std::size_t count,
                                       const std::optional<std::string>& fallback) const {
  const std::optional<std::string> text = attribute(node, name);
  if (!text && !fallback) fail(node, element, std::string("attribute '") + name + "' required");
  const std::string& value = text ? *text : *fallback;
  std::vector<double> out;
  std::size_t i = 0;
  while (i < value.size()) {
    if (std::isspace(static_cast<unsigned char>(value[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < value.size() && !std::isspace(static_cast<unsigned char>(value[end]))) ++end;
    double x = 0.0;
    // from_chars, not strtod: the GUI runs under the user's locale, where "0.5" may not parse.
    const char* first = value.data() + i;
    const char* last = value.data() + end;
    if (*first == '+') ++first;  // from_chars refuses a leading '+', which URDF writers emit
    const auto [ptr, ec] = std::from_chars(first, last, x);
    if (ec != std::errc() || ptr != last || !std::isfinite(x)) {
      fail(node, element,
           std::string("attribute '") + name + "': expected " + std::to_string(count) +
               (count == 1 ? " number" : " numbers") + ", got '" + value + "'");
    }
    out.push_back(x);
    i = end;
  }
  if (out.size() != count) {
    fail(node, element,
         std::string("attribute '") + name + "': expected " + std::to_string(count) +
             (count == 1 ? " number" : " numbers") + ", got '" + value + "'");
  }
  return out;
}

double XmlValues::number(const xmlNode* node, const std::string& element, const char* name,
                         std::optional<double> fallback) const {
  if (!attribute(node, name) && fallback) return *fallback;
  return numbers(node, element, name, 1, std::nullopt)[0];
}

Vec3 XmlValues::vec3(const xmlNode* node, const std::string& element, const char* name,
                     const Vec3& fallback) const {
  if (!attribute(node, name)) return fallback;
  const std::vector<double> v = numbers(node, element, name, 3, std::nullopt);
  return {v[0], v[1], v[2]};
}

Mat3 rpyRotation(const Vec3& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), Vec3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vec3::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), Vec3::UnitX()))
      .toRotationMatrix();
}

Pose XmlValues::origin(const xmlNode* parent, const std::string& element) const {
  Pose pose;
  bool seen = false;
  for (const xmlNode* c = parent->children; c != nullptr; c = c->next) {
    if (!isElement(c, "origin")) continue;
    if (seen) fail(c, element, "more than one <origin>");
    seen = true;
    pose.translation = vec3(c, element + " <origin>", "xyz", Vec3::Zero());
    pose.rotation = rpyRotation(vec3(c, element + " <origin>", "rpy", Vec3::Zero()));
  }
  return pose;
}

std::string XmlValues::requiredName(const xmlNode* node, const std::string& tag) const {
  const std::optional<std::string> name = attribute(node, "name");
  if (!name || name->empty()) fail(node, "<" + tag + ">", "attribute 'name' required");
  return *name;
}

}  // namespace contactsim::urdf
