// Inside the URDF import (urdf_import.h): the robot as the URDF file describes it, read by
// urdf_xml.h and converted by the later stages. Poses are those URDF writes, at joint positions
// zero.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "geometry/pose.h"

namespace contactsim::urdf {

enum class GeometryKind { Mesh, Box, Cylinder, Sphere };

struct Geometry {
  GeometryKind kind = GeometryKind::Mesh;
  std::string filename;        // as written, for messages
  std::filesystem::path file;  // resolved
  Vec3 scale = Vec3::Ones();
  Vec3 size = Vec3::Zero();  // box
  double radius = 0.0, length = 0.0;
};

struct Collision {
  Pose origin;  // in the link frame
  Geometry geometry;
  int line = 0;
};

struct Inertial {
  Pose origin;  // centre of mass and principal-axes frame in the link frame
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();  // about the centre of mass, in the origin's axes
};

struct Link {
  std::string name;
  int line = 0;
  std::optional<Inertial> inertial;
  std::vector<Collision> collisions;
};

struct Limit {
  double lower = 0.0, upper = 0.0, effort = 0.0, velocity = 0.0;
};

struct Joint {
  std::string name, type, parent, child;
  int line = 0;
  Pose origin;  // the child link's frame in the parent's at joint position zero
  Vec3 axis = Vec3::UnitX();
  std::optional<Limit> limit;
};

struct Model {
  std::string robot_name;   // <robot name>, empty when not given
  std::vector<Link> links;  // at least one
  std::vector<Joint> joints;
  std::map<std::string, std::size_t> link_index;  // by name; names are unique
};

}  // namespace contactsim::urdf
