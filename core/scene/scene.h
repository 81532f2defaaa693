// The scene model: what a scene file (docs/scene-format.md, version 1) describes.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/cable_length.h"
#include "dynamics/chain_cable.h"
#include "dynamics/joint_laws.h"
#include "dynamics/motion_profile.h"
#include "dynamics/natural_coordinates.h"
#include "geometry/tri_mesh.h"
#include "geometry/units.h"

namespace contactsim {

struct SceneMaterial {
  std::string name;
  double density = 0.0;                 // kg/m³
  std::optional<double> young_modulus;  // Pa
  std::optional<double> poisson_ratio;
};

struct SceneMesh {
  std::filesystem::path file;  // resolved against the scene file's folder
  LengthUnit units = LengthUnit::Metre;
  double scale = 1.0;
  // m: the body's mass properties from the surface as a sheet of this thickness
  // (shell_mass_properties.h) instead of the volume it encloses.
  std::optional<double> shell_thickness;
  // One object of a multi-object file (an assembly exported as one file), by the name the mesh
  // importer lists; empty: every object of the file merged into this body.
  std::string object;
  std::shared_ptr<const TriMesh> mesh;  // loaded, SI units, body frame
};

// Where a body is and how it moves: its frame in the world, the velocity of the frame's origin
// and the angular velocity, world axes.
struct SceneBodyState {
  Pose pose;
  Vec3 linear_velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
};

struct SceneBody {
  std::string name;
  bool fixed = false;
  std::optional<SceneMesh> mesh;
  std::string material;  // empty when none
  MassInertia mass;      // resolved: from the mesh and density, then overridden; unused if fixed
  Pose pose;
  Vec3 linear_velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
};

// A named state of the bodies saved from a run (docs/scene-format.md, `keyframes[]`): a run can
// start from it instead of the bodies' own initial state (applyKeyframe). Bodies it does not list
// keep theirs.
struct SceneKeyframe {
  std::string name;
  double time = 0.0;  // s, when it was saved (for the reader of the file; runs start at t = 0)
  std::vector<std::pair<int, SceneBodyState>> bodies;  // body index, state
};

enum class JointType { Revolute, Spherical, Fixed, Prismatic };

// A revolute or prismatic joint's drive: a prescribed motion of its coordinate (the angle or
// displacement of B relative to A from t = 0; "speed", "ramp" and "table" in the file) or a motor.
struct SceneJointDrive {
  std::optional<MotionProfile> motion;  // set for a prescribed motion
  JointMotorLaw motor;                  // used when !motion
};

// Body references are names; "world" is the ground.
struct SceneJoint {
  std::string name;
  JointType type = JointType::Spherical;
  std::string body_a, body_b;
  Vec3 point = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();                 // revolute and prismatic only
  std::optional<SceneJointDrive> drive;      // revolute and prismatic only
  std::optional<JointStopLaw> limits;        // revolute and prismatic only
  std::optional<JointFrictionLaw> friction;  // revolute only
};

// "kind": "ideal" (default) is a constraint of prescribed length; "kind": "chain" a compliant,
// tension-only force element hauled by an optional windlass (docs/chain.md).
struct SceneCable {
  std::string name;
  std::string body_a, body_b;
  Vec3 point_a = Vec3::Zero(), point_b = Vec3::Zero();
  CableLength length = CableLength::constant(1.0);  // ideal cables only
  std::optional<ChainProperties> chain;             // set for a chain
};

struct SceneSpring {
  std::string name;
  std::string body_a, body_b;
  Vec3 point_a = Vec3::Zero(), point_b = Vec3::Zero();
  double stiffness = 0.0, damping = 0.0;
  std::optional<double> rest_length;
};

struct SceneLoad {
  std::string body;
  Vec3 force = Vec3::Zero(), point = Vec3::Zero(), torque = Vec3::Zero();
};

// Contact laws as written in the file (validated names and numbers); turning them into force
// laws belongs to the contact layer.
struct SceneFriction {
  std::string model = "none";  // stick-slip, stribeck, coulomb, none
  std::map<std::string, double> parameters;
};
struct SceneContactLaw {
  std::string model;  // hunt-crossley, modia3d, hertz-stribeck
  std::map<std::string, double> parameters;
  std::optional<SceneFriction> friction;
};
// The contact-geometry model of a pair (issue 16): contour-and-plane patches of the triangle
// meshes (Dopico et al.; docs/method.md), or Solfec-1.0 volumetric contact of convex pieces
// (docs/volumetric.md; contactsim_volumetric).
enum class ContactGeometry { Patch, Volumetric };

struct SceneContact {
  bool all_pairs = true;
  std::vector<std::pair<std::string, std::string>> pairs;  // when !all_pairs
  std::optional<SceneContactLaw> law;
  ContactGeometry geometry = ContactGeometry::Patch;  // `contact.geometry`
  // `contact.sparsify` of the volumetric pairs' points (docs/volumetric.md): each threshold
  // replaces its default relative to the pair's size when given.
  struct Sparsify {
    std::optional<double> min_area;          // m²
    std::optional<double> min_distance;      // m
    std::optional<double> max_normal_angle;  // degrees
  };
  Sparsify sparsify;
  struct Override {
    std::pair<std::string, std::string> bodies;
    SceneContactLaw law;  // used when has_law
    bool has_law = true;
    std::optional<ContactGeometry> geometry;  // the pair's own `geometry`, when given
  };
  std::vector<Override> overrides;
};

struct Scene {
  std::filesystem::path file;
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  SolverSettings solver;  // time_step, penalty, newton tolerance and cap
  double end_time = 5.0;
  std::vector<SceneMaterial> materials;
  std::vector<SceneBody> bodies;
  std::vector<SceneJoint> joints;
  std::vector<SceneCable> cables;
  std::vector<SceneSpring> springs;
  std::vector<SceneLoad> loads;
  std::optional<SceneContact> contact;
  std::vector<SceneKeyframe> keyframes;
  // Things that are not errors but deserve a look (e.g. mass properties of an open mesh).
  std::vector<std::string> warnings;
};

// Index of the body called `name` in scene order; −1 for "world" or a name the scene lacks.
int bodyIndex(const Scene& scene, const std::string& name);

// The bodies' initial state replaced by keyframe `name`'s. Throws SceneError naming the scene
// file and the keyframe when the scene has none of that name.
void applyKeyframe(Scene& scene, const std::string& name);

}  // namespace contactsim
