// A multibody system in natural coordinates: bodies, joints, cables, springs and loads.
#pragma once

#include <Eigen/SparseCore>
#include <optional>
#include <string>
#include <vector>

#include "dynamics/constraint_set.h"
#include "dynamics/force_set.h"
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

// Builder and evaluator. Points and axes of joints, cables, springs and loads are given in world
// coordinates at t = 0 (as in the scene format) and attached to the bodies' initial frames.
// Builder functions throw std::invalid_argument for bad indices or degenerate input.
class MultibodySystem {
 public:
  BodyIndex addBody(const BodyDefinition& body);
  void setGravity(const Vec3& g) { forces_.setGravity(g); }

  void addSphericalJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point);
  void addRevoluteJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point,
                        const Vec3& axis);
  void addFixedJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point);
  void addPrismaticJoint(const std::string& name, BodyIndex a, BodyIndex b, const Vec3& point,
                         const Vec3& axis);
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
  // First coordinate of a moving body, −1 for a fixed body or the world.
  int coordinateOffset(BodyIndex body) const;
  // Largest diagonal entry of M (the default penalty is chosen from it).
  double largestMassEntry() const { return largest_mass_entry_; }

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

  std::vector<BodyDefinition> bodies_;
  std::vector<int> offsets_;
  std::vector<CableInfo> cables_;
  int coordinates_ = 0;
  double largest_mass_entry_ = 0.0;
  ConstraintSet constraints_;
  ForceSet forces_;
  mutable Eigen::SparseMatrix<double> mass_matrix_;
  mutable bool mass_matrix_ready_ = false;
};

}  // namespace contactsim
