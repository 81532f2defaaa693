target_sources(contactsim_core PRIVATE
  sim/contact_force_source.cpp
  sim/contact_passivity.cpp
  sim/impact_resolution.cpp
  sim/scene_contact.cpp
  sim/simulation.cpp
  sim/start_check.cpp
  sim/swept_check.cpp
)
