#include "import/urdf_xml.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <fstream>
#include <memory>
#include <set>

#include "import/urdf_link_mesh.h"
#include "import/urdf_xml_values.h"

namespace contactsim::urdf {
namespace {

struct XmlDocDeleter {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};
struct XmlContextDeleter {
  void operator()(xmlParserCtxt* ctxt) const { xmlFreeParserCtxt(ctxt); }
};

// The model as the XML gives it: one <robot> of <link> and <joint> elements, every number and
// name checked where it is read, mesh files found as they are named.
class ModelReader : private XmlValues {
 public:
  ModelReader(const UrdfOptions& options, UrdfReport& report)
      : XmlValues(report), options_(options) {}

  Model read();

 private:
  void unsupported(const std::string& what, const std::string& name) {
    report_.unsupported(what, name);
  }
  Link readLink(const xmlNode* node);
  Joint readJoint(const xmlNode* node);
  Geometry readGeometry(const xmlNode* node, const std::string& element) const;

  const UrdfOptions& options_;
};

Geometry ModelReader::readGeometry(const xmlNode* node, const std::string& element) const {
  const xmlNode* shape = nullptr;
  for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    if (shape != nullptr) fail(c, element, "<geometry> holds more than one shape");
    shape = c;
  }
  if (shape == nullptr) fail(node, element, "<geometry> is empty");
  Geometry g;
  const std::string kind = elementName(shape);
  const std::string where = element + " <" + kind + ">";
  if (kind == "mesh") {
    const std::optional<std::string> filename = attribute(shape, "filename");
    if (!filename || filename->empty()) fail(shape, where, "attribute 'filename' required");
    g.kind = GeometryKind::Mesh;
    g.filename = *filename;
    g.scale = vec3(shape, where, "scale", Vec3::Ones());
    // A negative factor mirrors the mesh (left and right arms from one file); it is applied
    // when the link's mesh is merged, with the triangles turned so they still face outward.
    if (!(g.scale.cwiseAbs().minCoeff() > 0.0))
      fail(shape, where, "scale: expected non-zero factors");
    g.file =
        resolveMeshFile(*filename, static_cast<int>(xmlGetLineNo(shape)), where, options_, report_);
  } else if (kind == "box") {
    g.kind = GeometryKind::Box;
    g.size = vec3(shape, where, "size", Vec3::Zero());
    if (!(g.size.minCoeff() > 0.0)) fail(shape, where, "size: expected three positive lengths");
  } else if (kind == "cylinder") {
    g.kind = GeometryKind::Cylinder;
    g.radius = number(shape, where, "radius", std::nullopt);
    g.length = number(shape, where, "length", std::nullopt);
    if (!(g.radius > 0.0 && g.length > 0.0))
      fail(shape, where, "radius and length: expected positive lengths");
  } else if (kind == "sphere") {
    g.kind = GeometryKind::Sphere;
    g.radius = number(shape, where, "radius", std::nullopt);
    if (!(g.radius > 0.0)) fail(shape, where, "radius: expected a positive length");
  } else {
    fail(shape, element, "unknown geometry <" + kind + ">");
  }
  return g;
}

Link ModelReader::readLink(const xmlNode* node) {
  Link link;
  link.line = static_cast<int>(xmlGetLineNo(node));
  link.name = requiredName(node, "link");
  const std::string element = "link '" + link.name + "'";
  for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    const std::string tag = elementName(c);
    if (tag == "inertial") {
      if (link.inertial) fail(c, element, "more than one <inertial>");
      const std::string where = element + " <inertial>";
      Inertial in;
      in.origin = origin(c, where);
      bool mass = false, inertia = false;
      for (const xmlNode* e = c->children; e != nullptr; e = e->next) {
        if (isElement(e, "mass")) {
          in.mass = number(e, where + " <mass>", "value", std::nullopt);
          if (in.mass < 0.0) fail(e, where + " <mass>", "value: expected a mass >= 0");
          mass = true;
        } else if (isElement(e, "inertia")) {
          const std::string at = where + " <inertia>";
          const double ixx = number(e, at, "ixx", std::nullopt);
          const double ixy = number(e, at, "ixy", std::nullopt);
          const double ixz = number(e, at, "ixz", std::nullopt);
          const double iyy = number(e, at, "iyy", std::nullopt);
          const double iyz = number(e, at, "iyz", std::nullopt);
          const double izz = number(e, at, "izz", std::nullopt);
          // URDF's ixy, ixz, iyz are the tensor's off-diagonal entries, as in the scene format.
          in.inertia << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
          inertia = true;
        }
      }
      if (!mass) fail(c, where, "<mass> required");
      if (!inertia) fail(c, where, "<inertia> required");
      link.inertial = in;
    } else if (tag == "collision") {
      const std::string where =
          element + " <collision>[" + std::to_string(link.collisions.size()) + "]";
      Collision col;
      col.line = static_cast<int>(xmlGetLineNo(c));
      col.origin = origin(c, where);
      const xmlNode* geometry = nullptr;
      for (const xmlNode* e = c->children; e != nullptr; e = e->next) {
        if (isElement(e, "geometry")) geometry = e;
      }
      if (geometry == nullptr) fail(c, where, "<geometry> required");
      col.geometry = readGeometry(geometry, where);
      link.collisions.push_back(col);
    } else if (tag == "visual") {
      // Visual meshes do not take part in the dynamics; the scene draws the collision mesh.
    } else {
      unsupported("<" + tag + "> in links not supported, left out", link.name);
    }
  }
  return link;
}

Joint ModelReader::readJoint(const xmlNode* node) {
  Joint joint;
  joint.line = static_cast<int>(xmlGetLineNo(node));
  joint.name = requiredName(node, "joint");
  const std::string element = "joint '" + joint.name + "'";
  const std::optional<std::string> type = attribute(node, "type");
  if (!type) fail(node, element, "attribute 'type' required");
  joint.type = *type;
  static const std::set<std::string> types = {"fixed",     "revolute", "continuous",
                                              "prismatic", "floating", "planar"};
  if (!types.count(joint.type))
    fail(node, element,
         "unknown type '" + joint.type +
             "' (expected fixed, revolute, continuous, prismatic, floating or planar)");
  joint.origin = origin(node, element);
  for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    const std::string tag = elementName(c);
    if (tag == "origin") continue;
    if (tag == "parent" || tag == "child") {
      const std::optional<std::string> link = attribute(c, "link");
      if (!link || link->empty()) fail(c, element + " <" + tag + ">", "attribute 'link' required");
      (tag == "parent" ? joint.parent : joint.child) = *link;
    } else if (tag == "axis") {
      joint.axis = vec3(c, element + " <axis>", "xyz", Vec3::UnitX());
      // Fixed and floating joints have no axis; exporters leave "0 0 0" there, which ROS
      // tools accept.
      const bool uses_axis = joint.type != "fixed" && joint.type != "floating";
      if (uses_axis && !(joint.axis.norm() > 0.0))
        fail(c, element + " <axis>", "xyz: expected a non-zero axis");
      if (uses_axis) joint.axis.normalize();
    } else if (tag == "limit") {
      const std::string where = element + " <limit>";
      Limit limit;
      limit.lower = number(c, where, "lower", 0.0);
      limit.upper = number(c, where, "upper", 0.0);
      // URDF requires effort and velocity; a missing one is read as "no limit given" (0).
      limit.effort = number(c, where, "effort", 0.0);
      limit.velocity = number(c, where, "velocity", 0.0);
      if (limit.effort < 0.0 || limit.velocity < 0.0)
        fail(c, where, "effort and velocity: expected values >= 0");
      joint.limit = limit;
    } else if (tag == "dynamics") {
      unsupported("<dynamics> (joint damping and friction) not supported, left out", joint.name);
    } else if (tag == "mimic") {
      unsupported("<mimic> not supported (the joints move on their own)", joint.name);
    } else if (tag == "safety_controller" || tag == "calibration") {
      unsupported("<" + tag + "> not supported, left out", joint.name);
    } else {
      unsupported("<" + tag + "> in joints not supported, left out", joint.name);
    }
  }
  if (joint.parent.empty()) fail(node, element, "<parent link=...> required");
  if (joint.child.empty()) fail(node, element, "<child link=...> required");
  if (joint.parent == joint.child)
    fail(node, element, "parent and child are the same link '" + joint.parent + "'");
  return joint;
}

Model ModelReader::read() {
  std::ifstream in(report_.file(), std::ios::binary);
  if (!in) report_.fail(0, "", "cannot open the file");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) report_.fail(0, "", "the file is empty");

  std::unique_ptr<xmlParserCtxt, XmlContextDeleter> context(xmlNewParserCtxt());
  if (!context) report_.fail(0, "", "cannot create an XML parser");
  // NONET: a URDF never needs the network; no NOENT/DTDLOAD, so entities are not expanded.
  std::unique_ptr<xmlDoc, XmlDocDeleter> doc(xmlCtxtReadMemory(
      context.get(), text.data(), static_cast<int>(text.size()), report_.file().string().c_str(),
      nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
  if (!doc) {
    const xmlError* error = xmlCtxtGetLastError(context.get());
    report_.fail(
        error != nullptr ? error->line : 0, "",
        std::string("malformed XML: ") +
            (error != nullptr && error->message != nullptr ? error->message : "unreadable"));
  }
  const xmlNode* robot = xmlDocGetRootElement(doc.get());
  if (robot == nullptr) report_.fail(0, "", "malformed XML: no root element");
  if (robot->ns != nullptr && robot->ns->prefix != nullptr &&
      std::string(reinterpret_cast<const char*>(robot->ns->prefix)) == "xacro") {
    fail(robot, "", "a xacro file: expand it first (xacro FILE > robot.urdf)");
  }
  if (elementName(robot) != "robot")
    fail(robot, "<" + elementName(robot) + ">", "expected the root element <robot>");

  Model model;
  std::vector<Link>& links = model.links;
  std::vector<Joint>& joints = model.joints;
  std::map<std::string, std::size_t>& link_index = model.link_index;
  std::map<std::string, std::size_t> joint_index;
  for (const xmlNode* c = robot->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    if (c->ns != nullptr && c->ns->prefix != nullptr &&
        std::string(reinterpret_cast<const char*>(c->ns->prefix)) == "xacro") {
      fail(c, "<xacro:" + elementName(c) + ">",
           "a xacro file: expand it first (xacro FILE > robot.urdf)");
    }
    const std::string tag = elementName(c);
    if (tag == "link") {
      Link link = readLink(c);
      if (!link_index.emplace(link.name, links.size()).second)
        fail(c, "link '" + link.name + "'", "defined twice");
      links.push_back(std::move(link));
    } else if (tag == "joint") {
      Joint joint = readJoint(c);
      if (!joint_index.emplace(joint.name, joints.size()).second)
        fail(c, "joint '" + joint.name + "'", "defined twice");
      joints.push_back(std::move(joint));
    } else if (tag == "material") {
      // Colours only.
    } else {
      unsupported("<" + tag + "> not supported, left out",
                  attribute(c, "name").value_or(attribute(c, "reference").value_or("unnamed")));
    }
  }
  if (links.empty()) fail(robot, "<robot>", "no <link>");
  model.robot_name = attribute(robot, "name").value_or("");
  return model;
}

}  // namespace

Model readUrdfModel(const UrdfOptions& options, UrdfReport& report) {
  return ModelReader(options, report).read();
}

}  // namespace contactsim::urdf
