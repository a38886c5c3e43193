// Which events an endpoint receives (DECISIONS 240, 243): its selected types, and what a reader of
// its locations sees (DECISIONS 173), as SQL over an endpoint `w` and an event `e`, so that
// dispatch and recovery select alike.
export const SUBSCRIBED = `(w.selected_types is null or e.type = any(w.selected_types))
  and (e.visibility = 'everyone' or w.location_ids is null or e.location_id = any(w.location_ids))`;
