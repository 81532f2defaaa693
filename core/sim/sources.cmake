target_sources(contactsim_core PRIVATE
  sim/chain_report.cpp
  sim/contact_force_source.cpp
  sim/contact_force_source_ledger.cpp
  sim/contact_mode.cpp
  sim/contact_passivity.cpp
  sim/contact_beginnings.cpp
  sim/impact_resolution.cpp
  sim/patch_terms.cpp
  sim/relative_rotation_tangents.cpp
  sim/scene_contact.cpp
  sim/slip_limiter.cpp
  sim/simulation.cpp
  sim/start_check.cpp
  sim/swept_check.cpp
)
