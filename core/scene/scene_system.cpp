#include "scene/scene_system.h"

#include <map>

#include "scene/scene_reader.h"

namespace contactsim {

MultibodySystem buildSystem(const Scene& scene) {
  MultibodySystem system;
  system.setGravity(scene.gravity);
  std::map<std::string, BodyIndex> index{{"world", kWorld}};
  // The reader has validated every element; the dynamics' own checks can still reject
  // geometric degeneracies, reported here with the element's path.
  auto guarded = [&](const std::string& path, auto&& add) {
    try {
      add();
    } catch (const std::invalid_argument& e) {
      throw SceneError(scene.file.string() + ": " + path + ": " + e.what());
    }
  };
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const SceneBody& b = scene.bodies[i];
    guarded("bodies[" + std::to_string(i) + "]", [&] {
      BodyDefinition def;
      def.name = b.name;
      def.fixed = b.fixed;
      def.mass = b.mass;
      def.pose = b.pose;
      def.linear_velocity = b.linear_velocity;
      def.angular_velocity = b.angular_velocity;
      index[b.name] = system.addBody(def);
    });
  }
  for (std::size_t i = 0; i < scene.joints.size(); ++i) {
    const SceneJoint& j = scene.joints[i];
    guarded("joints[" + std::to_string(i) + "]", [&] {
      const BodyIndex a = index.at(j.body_a), b = index.at(j.body_b);
      int pin_row = -1;  // a revolute joint's: its multipliers are the force the pin carries
      switch (j.type) {
        case JointType::Revolute:
          pin_row = system.addRevoluteJoint(j.name, a, b, j.point, j.axis);
          break;
        case JointType::Spherical:
          system.addSphericalJoint(j.name, a, b, j.point);
          break;
        case JointType::Fixed:
          system.addFixedJoint(j.name, a, b, j.point);
          break;
        case JointType::Prismatic:
          system.addPrismaticJoint(j.name, a, b, j.point, j.axis);
          break;
      }
      const bool revolute = j.type == JointType::Revolute;
      const auto actuator = [&](JointActuator::Law law) {
        auto source = std::make_shared<JointActuator>(
            j.name, JointCoordinate(system.jointAxes(j.name, a, b, j.point, j.axis, revolute)),
            std::move(law));
        system.addForceSource(source);
        return source;
      };
      if (j.drive && j.drive->motion) {
        system.addJointDrive(j.name, a, b, j.point, j.axis, revolute, *j.drive->motion);
      } else if (j.drive) {
        actuator(j.drive->motor);
      }
      if (j.limits) actuator(*j.limits);
      if (j.friction) actuator(*j.friction)->setPinRow(pin_row);
    });
  }
  for (std::size_t i = 0; i < scene.cables.size(); ++i) {
    const SceneCable& c = scene.cables[i];
    guarded("cables[" + std::to_string(i) + "]", [&] {
      if (c.chain) {
        addChainCable(system, index.at(c.body_a), c.point_a, index.at(c.body_b), c.point_b,
                      *c.chain);
      } else {
        system.addCable(c.name, index.at(c.body_a), c.point_a, index.at(c.body_b), c.point_b,
                        c.length);
      }
    });
  }
  for (std::size_t i = 0; i < scene.springs.size(); ++i) {
    const SceneSpring& s = scene.springs[i];
    guarded("springs[" + std::to_string(i) + "]", [&] {
      system.addSpring(s.name, index.at(s.body_a), s.point_a, index.at(s.body_b), s.point_b,
                       s.stiffness, s.damping, s.rest_length);
    });
  }
  for (std::size_t i = 0; i < scene.loads.size(); ++i) {
    const SceneLoad& l = scene.loads[i];
    guarded("loads[" + std::to_string(i) + "]",
            [&] { system.addLoad(index.at(l.body), l.force, l.point, l.torque); });
  }
  return system;
}

std::vector<std::shared_ptr<ChainCable>> chainCables(const MultibodySystem& system) {
  std::vector<std::shared_ptr<ChainCable>> chains;
  for (const auto& source : system.forces().sources()) {
    if (auto chain = std::dynamic_pointer_cast<ChainCable>(source)) chains.push_back(chain);
  }
  return chains;
}

std::vector<std::shared_ptr<JointActuator>> jointActuators(const MultibodySystem& system) {
  std::vector<std::shared_ptr<JointActuator>> actuators;
  for (const auto& source : system.forces().sources()) {
    if (auto a = std::dynamic_pointer_cast<JointActuator>(source)) actuators.push_back(a);
  }
  return actuators;
}

}  // namespace contactsim
