// A multibody system in natural coordinates: bodies, joints, cables, springs and loads.
#pragma once

#include <Eigen/SparseCore>
#include <optional>
#include <string>
#include <vector>

#include "dynamics/constraint_set.h"
#include "dynamics/force_set.h"
#include "dynamics/joint_coordinate.h"
#include "dynamics/motion_profile.h"
#include "dynamics/natural_coordinates.h"

namespace contactsim {

using BodyIndex = int;
inline constexpr BodyIndex kWorld = -1;  // the ground: its frame is the world frame

struct BodyDefinition {
  std::string name;
  bool fixed = false;                    // a fixed body never moves and has no coordinates
  MassInertia mass;                      // ignored for fixed bodies
  Pose pose;                             // body frame in the world at t = 0
  Vec3 linear_velocity = Vec3::Zero();   // of the body frame origin, world, at t = 0
  Vec3 angular_velocity = Vec3::Zero();  // world, at t = 0
};

struct CableInfo {
  std::string name;
  int row;  // constraint row: tension = 2·L·λ_row
  CableLength length;
};

// A revolute or prismatic joint whose coordinate follows a prescribed motion (a rheonomic
// constraint row): the driving torque or force on B is −λ_row (Ali3pIntegrator::driveEffort).
struct DriveInfo {
  std::string name;
  int row;
  MotionProfile motion;
  bool revolute;
};

// Builder and evaluator. Points and axes of joints, cables, springs and loads are given in world
// coordinates at t = 0 (as in the scene format) and attached to the bodies' initial frames.
// Builder functions throw std::invalid_argument for bad indices or degenerate input.
//
// Internally each moving body's natural-coordinate base point r0 is its centre of mass, not
// the origin of its mesh frame: CAD parts often sit far from their file's origin, and a base
// point away from the mass centre couples r0 and (u, v, w) in M̄ (m·ā terms), which makes M
// ill-conditioned and the penalty (scaled by M's largest entry) too stiff for the rotations.
// Everything this class returns — poses, point velocities, `pointOn` arguments — is in the
// body frame the user gave (the mesh frame); only q and q̇ see the shifted base point.
class MultibodySystem {
 public:
  BodyIndex addBody(const BodyDefinition& body);
  void setGravity(const Vec3& g) { forces_.setGravity(g); }

  void addSphericalJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point);
  // Returns the first of the three rows whose multipliers are the force the pin carries (N,
  // world): its points on a and b coincide.
  int addRevoluteJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point,
                       const Vec3& axis);
  void addFixedJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point);
  void addPrismaticJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point,
                         const Vec3& axis);
  // The joint coordinate of a revolute (angle φ of b relative to a about +axis) or prismatic
  // (displacement of b's point along a's axis) joint at `point`, zero at t = 0
  // (dynamics/joint_coordinate.h). The joint itself is added separately.
  JointAxes jointAxes(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point,
                      const Vec3& axis, bool revolute) const;
  // Prescribes that coordinate to follow `motion` (one constraint row, docs/dynamics.md, "Joint
  // drives"). Returns the drive index.
  int addJointDrive(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point,
                    const Vec3& axis, bool revolute, const MotionProfile& motion);
  // Returns the cable index.
  int addCable(const std::string& name, BodyIndex a, const Vec3& point_a, BodyIndex b,
               const Vec3& point_b, const CableLength& length);
  // rest_length defaults to the initial distance.
  void addSpring(const std::string& name, BodyIndex a, const Vec3& point_a, BodyIndex b,
                 const Vec3& point_b, double stiffness, double damping,
                 std::optional<double> rest_length = std::nullopt);
  void addLoad(BodyIndex body, const Vec3& force, const Vec3& point, const Vec3& torque);
  void addForceSource(std::shared_ptr<GeneralizedForceSource> source);

  int coordinateCount() const { return coordinates_; }
  int constraintCount() const { return constraints_.rowCount(); }
  const std::vector<BodyDefinition>& bodies() const { return bodies_; }
  const std::vector<CableInfo>& cables() const { return cables_; }
  const std::vector<DriveInfo>& drives() const { return drives_; }
  // First coordinate of a moving body, −1 for a fixed body or the world.
  int coordinateOffset(BodyIndex body) const;
  // Largest diagonal entry of M (the default penalty is chosen from it).
  double largestMassEntry() const { return largest_mass_entry_; }
  // The model's length scale (m): the diagonal of the box around every body's centre of mass
  // and every joint, cable, spring and load point at t = 0, and at least each body's radius of
  // gyration. Tolerances on positions are relative to it.
  double lengthScale() const;
  // Per coordinate, the scale that makes it dimensionless: lengthScale() for base points, 1 for
  // the unit vectors (u, v, w).
  Eigen::VectorXd coordinateScales() const;
  // Per constraint row, the scale of its violation: lengthScale() for distances, 1 for angles.
  Eigen::VectorXd constraintScales() const;

  // World point / direction fixed in `body` with body-frame coordinates `local`.
  AffineVec3 pointOn(BodyIndex body, const Vec3& local) const;
  AffineVec3 directionOn(BodyIndex body, const Vec3& local) const;

  Eigen::VectorXd initialCoordinates() const;
  Eigen::VectorXd initialVelocities() const;
  // Constant mass matrix (built on first use after the last body was added).
  const Eigen::SparseMatrix<double>& massMatrix() const;

  const ConstraintSet& constraints() const { return constraints_; }
  const ForceSet& forces() const { return forces_; }

  Pose bodyPose(BodyIndex body, const Eigen::VectorXd& q) const;
  // Velocity of the body frame's origin (world).
  Vec3 bodyOriginVelocity(BodyIndex body, const Eigen::VectorXd& qdot) const;
  Vec3 bodyAngularVelocity(BodyIndex body, const Eigen::VectorXd& q,
                           const Eigen::VectorXd& qdot) const;

 private:
  void checkBody(BodyIndex body, const std::string& what) const;
  Pose initialPose(BodyIndex body) const;
  Vec3 toLocalPoint(BodyIndex body, const Vec3& world) const;
  Vec3 toLocalDirection(BodyIndex body, const Vec3& world) const;
  // Adds r_A(x̄_A) − r_B(x̄_B) = 0 for the world point `point`.
  void addCoincidence(int group, BodyIndex a, BodyIndex b, const Vec3& point);
  void addSameDirection(int group, BodyIndex a, BodyIndex b, const Vec3& direction);
  void checkDistinct(const std::string& name, BodyIndex a, BodyIndex b) const;
  // Grows the box behind lengthScale() by a world point given at t = 0.
  void extendModelBox(const Vec3& world_point);

  std::vector<BodyDefinition> bodies_;
  std::vector<int> offsets_;
  std::vector<CableInfo> cables_;
  std::vector<DriveInfo> drives_;
  int coordinates_ = 0;
  double largest_mass_entry_ = 0.0;
  Eigen::AlignedBox3d model_box_;
  double largest_gyration_radius_ = 0.0;
  ConstraintSet constraints_;
  ForceSet forces_;
  mutable Eigen::SparseMatrix<double> mass_matrix_;
  mutable bool mass_matrix_ready_ = false;
};

}  // namespace contactsim
