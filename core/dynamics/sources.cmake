target_sources(contactsim_core PRIVATE
  dynamics/affine_vec3.cpp
  dynamics/ali3p_integrator.cpp
  dynamics/cable_length.cpp
  dynamics/chain_cable.cpp
  dynamics/constraint_set.cpp
  dynamics/force_set.cpp
  dynamics/joint_actuator.cpp
  dynamics/joint_coordinate.cpp
  dynamics/joint_laws.cpp
  dynamics/linear_solver.cpp
  dynamics/motion_profile.cpp
  dynamics/mouse_spring.cpp
  dynamics/multibody_system.cpp
  dynamics/natural_coordinates.cpp
  dynamics/pattern_ldlt.cpp
  dynamics/windlass.cpp
)
