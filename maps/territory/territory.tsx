<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="territory" tilewidth="16" tileheight="16" tilecount="8" columns="8">
 <image source="territory_tiles.png" width="128" height="16"/>
 <tile id="0">
  <properties>
   <property name="kind" value="sea"/>
   <property name="defense" type="int" value="1"/>
   <property name="special" value="none"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="land"/>
   <property name="defense" type="int" value="1"/>
   <property name="special" value="none"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="land"/>
   <property name="defense" type="int" value="2"/>
   <property name="special" value="none"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="chasm"/>
   <property name="defense" type="int" value="1"/>
   <property name="special" value="none"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="volcano"/>
   <property name="defense" type="int" value="1"/>
   <property name="special" value="none"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="land"/>
   <property name="defense" type="int" value="1"/>
   <property name="special" value="materials"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="land"/>
   <property name="defense" type="int" value="1"/>
   <property name="special" value="exotics"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="land"/>
   <property name="defense" type="int" value="2"/>
   <property name="special" value="materials"/>
  </properties>
 </tile>
</tileset>
