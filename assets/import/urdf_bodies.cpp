#include "import/urdf_bodies.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <sstream>

#include "import/urdf_link_mesh.h"

namespace contactsim::urdf {
namespace {

using json = nlohmann::json;

// What the scene reader accepts for a moving body (docs/scene-format.md, "Mass properties"):
// positive principal moments with I1 + I2 > I3, the same relative margins.
// A point mass, a rod or a plate: physical (moments ≥ 0, I1 + I2 ≥ I3) but not a rigid body's
// alone. Such a tensor can be added to a body; one breaking the triangle inequality cannot.
bool physicalInertia(const Mat3& inertia) {
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
  const double tolerance = 1e-9 * moments.cwiseAbs().maxCoeff();
  return inertia.allFinite() && moments.minCoeff() >= -tolerance &&
         moments[0] + moments[1] >= moments[2] - tolerance;
}

bool rigidInertia(const Mat3& inertia) {
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
  const double largest = moments.cwiseAbs().maxCoeff();
  return inertia.allFinite() && largest > 0.0 && moments.minCoeff() > 1e-9 * largest &&
         moments[0] + moments[1] > moments[2] * (1.0 + 1e-9);
}

// The link whose body a frame or lumped link rides on: its nearest body ancestor.
std::size_t carrier(const Model& model, const Frames& frames, const std::vector<Role>& role,
                    std::size_t link) {
  while (role[link] == Role::Frame || role[link] == Role::Lumped)
    link = frames.parentLink(model, link);
  return link;
}

// Mass properties of each body in its link frame (about the centre of mass), with the lumped
// links added by the parallel-axis theorem.
struct Lump {
  double mass = 0.0;
  Vec3 com = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();
};

std::vector<Lump> bodyMass(const Model& model, const Frames& frames,
                           const std::vector<Role>& role) {
  const std::vector<Link>& links = model.links;
  std::vector<Lump> lumps(links.size());
  const auto shifted = [](const Mat3& inertia, double mass, const Vec3& d) -> Mat3 {
    return inertia + mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  };
  for (std::size_t l : frames.order) {
    if (role[l] != Role::Body && role[l] != Role::Lumped) continue;
    const Inertial& in = *links[l].inertial;
    const std::size_t b = carrier(model, frames, role, l);
    // This link's inertial seen from the carrier's link frame.
    const Pose at = frames.world[b].inverse() * frames.world[l] * in.origin;
    const Vec3 com = at.translation;
    const Mat3 inertia = at.rotation * in.inertia * at.rotation.transpose();
    Lump& sum = lumps[b];
    const double mass = sum.mass + in.mass;
    const Vec3 centre = (sum.mass * sum.com + in.mass * com) / mass;
    sum.inertia =
        shifted(sum.inertia, sum.mass, sum.com - centre) + shifted(inertia, in.mass, com - centre);
    sum.com = centre;
    sum.mass = mass;
  }
  return lumps;
}

}  // namespace

std::vector<Role> linkRoles(const Model& model, const Frames& frames, const UrdfOptions& options,
                            UrdfReport& report) {
  const std::vector<Link>& links = model.links;
  const std::vector<Joint>& joints = model.joints;
  const std::size_t root = frames.root();
  const bool world_root = links[root].name == "world";
  std::vector<Role> role(links.size(), Role::Body);
  std::vector<std::string> frame_links, lumped;
  for (std::size_t l : frames.order) {
    const Link& link = links[l];
    const int pj = frames.parent_joint[l];
    const bool has_mass = link.inertial && link.inertial->mass > 0.0;
    if (l != root && link.name == "world") {
      report.fail(link.line, "link 'world'",
                  "only the root link may be called 'world' (the ground)");
    }
    bool grounded = false;
    if (l == root) {
      grounded = world_root || options.fixed_base;
    } else {
      const std::size_t parent = frames.parentLink(model, l);
      grounded = joints[pj].type == "fixed" &&
                 (role[parent] == Role::Ground || role[parent] == Role::FixedBody);
    }
    if (world_root && l == root) {
      role[l] = Role::Ground;
    } else if (grounded) {
      role[l] = link.collisions.empty() ? Role::Ground : Role::FixedBody;
    } else if (has_mass && pj >= 0 && joints[pj].type == "fixed" &&
               !rigidInertia(link.inertial->inertia) && physicalInertia(link.inertial->inertia)) {
      // Sensor frames and contact points often carry a point mass with a zero tensor, which no
      // body can have alone; welded to a body, their mass belongs to it (exactly: the composite
      // of two rigidly joined bodies).
      role[l] = Role::Lumped;
      lumped.push_back(link.name + (link.collisions.empty() ? "" : " (its <collision> left out)"));
    } else if (has_mass) {
      role[l] = Role::Body;
    } else if (pj >= 0 && joints[pj].type == "fixed") {
      role[l] = Role::Frame;
      frame_links.push_back(link.name + (link.collisions.empty() ? "" : " (its <collision> too)"));
    } else {
      report.fail(link.line, "link '" + link.name + "'",
                  std::string("no <inertial> with a positive mass, but it moves") +
                      (pj >= 0 ? " (joint '" + joints[pj].name + "' is " + joints[pj].type + ")"
                               : " (the root, free with --floating-base)"));
    }
  }
  if (!frame_links.empty()) {
    report.addWarning("links without <inertial> on fixed joints are frames, left out of the scene",
                      frame_links);
  }
  if (!lumped.empty()) {
    report.addWarning(
        "links on fixed joints whose inertia is not a rigid body's alone, "
        "their mass and inertia added to the body they are welded to",
        lumped);
  }
  return role;
}

std::string sceneBodyOf(const Model& model, const Frames& frames, const std::vector<Role>& role,
                        std::size_t link) {
  const std::size_t body = carrier(model, frames, role, link);
  return role[body] == Role::Ground ? "world" : model.links[body].name;
}

json sceneBodies(const Model& model, const Frames& frames, const std::vector<Role>& role,
                 const UrdfOptions& options, const UrdfReport& report) {
  const std::vector<Link>& links = model.links;
  const std::vector<Lump> lumps = bodyMass(model, frames, role);
  json bodies = json::array();
  BodyMeshes meshes(options, report);
  for (std::size_t l : frames.order) {
    if (role[l] != Role::Body && role[l] != Role::FixedBody) continue;
    const Link& link = links[l];
    const std::string element = "link '" + link.name + "'";
    json body = {{"name", link.name}};
    if (role[l] == Role::FixedBody) body["fixed"] = true;
    const BodyMesh mesh = meshes.of(link);
    if (!mesh.mesh.is_null()) body["mesh"] = mesh.mesh;
    const Pose& in_link = mesh.in_link;
    const Pose pose = frames.world[l] * in_link;
    body["position"] = toJson(pose.translation);
    const Eigen::Quaterniond q(pose.rotation);
    body["orientation"] = json::array({q.w(), q.x(), q.y(), q.z()});
    if (role[l] == Role::Body) {
      const Lump& lump = lumps[l];
      // Into the body frame: the centre of mass through the inverse pose, the tensor (in link
      // axes) by Rᵀ·I·R with R the body axes seen from the link.
      const Vec3 com = in_link.inverse().apply(lump.com);
      Mat3 inertia = in_link.rotation.transpose() * lump.inertia * in_link.rotation;
      inertia = 0.5 * (inertia + inertia.transpose());
      if (!rigidInertia(inertia)) {
        const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
        std::ostringstream message;
        message << "<inertia>: principal moments " << moments[0] << ", " << moments[1] << ", "
                << moments[2] << " are not a rigid body's (expected positive with I1 + I2 > I3)";
        report.fail(link.line, element, message.str());
      }
      body["mass"] = lump.mass;
      body["center_of_mass"] = toJson(com);
      body["inertia"] = json::array({inertia(0, 0), inertia(1, 1), inertia(2, 2), inertia(0, 1),
                                     inertia(0, 2), inertia(1, 2)});
    }
    bodies.push_back(body);
  }
  return bodies;
}

}  // namespace contactsim::urdf
